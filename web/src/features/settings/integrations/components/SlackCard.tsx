import type { SlackConnection } from "@contract/api";
import { SLACK_MESSAGES } from "@contract/messages";
import { CircleAlertIcon, CircleDotIcon } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { CardLoadState } from "@/components/CardLoadState";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { SettingsCard } from "@/features/settings/components/SettingsCard";
import { TurnedOffNotice } from "@/features/settings/components/TurnedOffNotice";
import { enableSlack } from "@/features/settings/integrations/api/slack";
import { useSlack } from "@/features/settings/integrations/use-slack";
import { TURNED_OFF_MESSAGES } from "@/features/settings/turned-off-messages";
import { queryKeys } from "@/lib/query-keys";
import { formatTimeAgo } from "@/lib/time";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

const M = SLACK_MESSAGES;

const ago = (iso: string) => formatTimeAgo(Date.parse(iso));

/** Working, failing or gone, with an icon so the colour is not the only clue. */
function SlackStatusBadge({ status }: { status: NonNullable<SlackConnection["status"]> }) {
  return (
    <Badge variant={status === "active" ? "success" : "destructive"} data-status={status}>
      {status === "active" ? <CircleDotIcon aria-hidden /> : <CircleAlertIcon aria-hidden />}
      {M.status[status]}
    </Badge>
  );
}

/** What the connection is and how its last messages went. */
function SlackStatus({ slack }: { slack: SlackConnection }) {
  if (!slack.connected || !slack.status)
    return <p className="text-muted-foreground text-sm">{M.notConnectedYet}</p>;
  return (
    <div className="grid gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <SlackStatusBadge status={slack.status} />
        <span className="break-all font-mono text-xs">{slack.webhookUrl}</span>
      </p>
      <ul className="grid gap-1 text-muted-foreground">
        {slack.connectedAt && <li>{M.connectedSince(ago(slack.connectedAt))}</li>}
        <li>{slack.lastDeliveredAt ? M.lastDelivered(ago(slack.lastDeliveredAt)) : M.noDeliveryYet}</li>
        {slack.lastFailureAt && slack.lastFailure && (
          <li className="text-destructive">{M.lastFailure(ago(slack.lastFailureAt), slack.lastFailure)}</li>
        )}
      </ul>
      {slack.disabledAt !== null && (
        <TurnedOffNotice
          message={TURNED_OFF_MESSAGES.slack}
          turnOn={enableSlack}
          refresh={queryKeys.integrations.slack}
        />
      )}
      {slack.status !== "active" && (
        <p role="status" className="rounded-md bg-destructive-muted p-3 text-destructive">
          {slack.status === "broken" ? M.brokenNotice : M.failingNotice}
        </p>
      )}
    </div>
  );
}

/** The incoming webhook URL's field: connect, or replace the one connected. */
function SlackUrlForm({
  connected,
  busy,
  problem,
  onSave,
  onEdit,
}: {
  connected: boolean;
  busy: boolean;
  problem: string | null;
  onSave: (url: string) => Promise<boolean>;
  onEdit: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await onSave(url)) setUrl("");
    else inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-2">
      <Label htmlFor={`${id}-url`}>{M.urlLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id={`${id}-url`}
          name="webhookUrl"
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => {
            onEdit();
            setUrl(event.target.value);
          }}
          placeholder="https://hooks.slack.com/services/T…/B…/…"
          required
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        />
        <Button type="submit" disabled={busy} aria-busy={busy} className="shrink-0">
          {busy && <Spinner size="sm" />}
          {connected ? M.replace : M.connect}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {M.urlHelp}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}

/** Slack in Settings → Integrations: paste the webhook URL, send a test message, status, disconnect. */
export function SlackCard() {
  const { canEdit } = useWorkspaceAbilities();
  const slack = useSlack();
  const data = slack.query.data;
  const turnedOff = data?.disabledAt != null;
  const whyId = useId();

  return (
    <SettingsCard id="slack" title={M.title} description={M.description} contentClassName="grid gap-5">
      {data === undefined ? (
        <CardLoadState
          failed={slack.query.isError}
          failedMessage={M.loadFailed}
          onRetry={() => void slack.query.refetch()}
        />
      ) : (
        <>
          <SlackStatus slack={data} />
          {canEdit ? (
            <>
              {data.connected && (
                <div className="grid gap-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void slack.sendTest()}
                      disabled={slack.testing || turnedOff}
                      aria-busy={slack.testing}
                      aria-describedby={turnedOff ? whyId : undefined}
                    >
                      {slack.testing && <Spinner size="sm" />}
                      {M.sendTest}
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:bg-destructive-muted hover:text-destructive"
                          disabled={slack.disconnecting}
                          aria-busy={slack.disconnecting}
                        >
                          {slack.disconnecting && <Spinner size="sm" />}
                          {M.disconnect}
                        </Button>
                      }
                      title={M.disconnectTitle}
                      description={M.disconnectBody}
                      confirmLabel={M.disconnect}
                      onConfirm={() => void slack.remove()}
                    />
                  </div>
                  {turnedOff && (
                    <p id={whyId} className="text-muted-foreground text-sm">
                      {M.testWhileDisabled}
                    </p>
                  )}
                  <p role="status" className="text-muted-foreground text-sm">
                    {slack.testOutcome}
                  </p>
                </div>
              )}
              <SlackUrlForm
                connected={data.connected}
                busy={slack.connecting}
                problem={slack.problem}
                onSave={slack.save}
                onEdit={slack.clearProblem}
              />
            </>
          ) : (
            <p className="text-muted-foreground text-sm">{M.viewerNote}</p>
          )}
        </>
      )}
    </SettingsCard>
  );
}
