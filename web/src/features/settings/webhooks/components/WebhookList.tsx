import type { WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { ChevronDownIcon, HistoryIcon, SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { TurnedOffNotice } from "@/features/settings/components/TurnedOffNotice";
import { TURNED_OFF_MESSAGES } from "@/features/settings/turned-off-messages";
import { enableWebhook } from "@/features/settings/webhooks/api/enable-webhook";
import { DeleteWebhookButton } from "@/features/settings/webhooks/components/DeleteWebhookButton";
import { DeliveryLog } from "@/features/settings/webhooks/components/DeliveryLog";
import { WebhookStatusBadge } from "@/features/settings/webhooks/components/WebhookStatusBadge";
import { useSendTestEvent } from "@/features/settings/webhooks/use-send-test-event";
import { queryKeys } from "@/lib/query-keys";
import { formatTimeAgo } from "@/lib/time";
import { cn } from "@/lib/utils";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/** One row per endpoint: URL, state, events, its actions and, on demand, its delivery log. */
export function WebhookList({ webhooks }: { webhooks: readonly WebhookEndpoint[] }) {
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {webhooks.map((webhook) => (
        <WebhookRow key={webhook.id} webhook={webhook} />
      ))}
    </ul>
  );
}

function WebhookRow({ webhook }: { webhook: WebhookEndpoint }) {
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const { sending, outcome, send } = useSendTestEvent(webhook.id);
  const { canEdit } = useWorkspaceAbilities();
  const whyId = useId();
  const turnedOff = webhook.disabledAt !== null;

  return (
    <li className="grid gap-3 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <p className="break-all font-medium font-mono text-sm">{webhook.url}</p>
          <div className="flex flex-wrap gap-1.5">
            {webhook.events.map((type) => (
              <Badge key={type} variant="outline" className="font-mono">
                {type}
              </Badge>
            ))}
          </div>
          <p className="text-muted-foreground text-xs">
            Added {formatTimeAgo(webhook.createdAt)} ·{" "}
            {webhook.lastSuccessAt === null
              ? "Nothing delivered yet"
              : `Last delivered ${formatTimeAgo(webhook.lastSuccessAt)}`}
          </p>
        </div>
        <WebhookStatusBadge status={webhook.status} />
      </div>
      {turnedOff && (
        <TurnedOffNotice
          message={TURNED_OFF_MESSAGES.webhook}
          turnOn={() => enableWebhook(webhook.id)}
          refresh={queryKeys.webhooks.all}
        />
      )}
      {webhook.status === "failing" && (
        <p className="rounded-lg border border-destructive/40 bg-destructive-muted p-3 text-sm">
          {WEBHOOK_MESSAGES.failingNotice}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {canEdit && (
          <Button
            variant="outline"
            size="sm"
            onClick={send}
            aria-disabled={sending}
            disabled={turnedOff}
            aria-describedby={turnedOff ? whyId : undefined}
          >
            {!sending && <SendIcon aria-hidden />}
            <BusyLabel busy={sending} label="Send test event" busyLabel="Sending..." />
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen((open) => !open)}
        >
          <HistoryIcon aria-hidden />
          Delivery log
          <ChevronDownIcon aria-hidden className={cn("transition-transform", logOpen && "rotate-180")} />
        </Button>
        {canEdit && (
          <div className="ml-auto">
            <DeleteWebhookButton webhook={webhook} />
          </div>
        )}
      </div>
      {canEdit && turnedOff && (
        <p id={whyId} className="text-muted-foreground text-sm">
          {WEBHOOK_MESSAGES.testWhileDisabled}
        </p>
      )}
      <p aria-live="polite" className="text-sm empty:hidden">
        {outcome}
      </p>
      {logOpen && <DeliveryLog id={logId} webhookId={webhook.id} />}
    </li>
  );
}
