import { WEBHOOK_MESSAGES } from "@contract/messages";
import { CircleCheckIcon, CircleXIcon, RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDeliveries } from "@/features/settings/webhooks/use-deliveries";
import { deliveryOutcome } from "@/features/settings/webhooks/use-send-test-event";
import { formatTimeAgo } from "@/lib/time";

interface DeliveryLogProps {
  id: string;
  webhookId: string;
}

/** The endpoint's last attempts: when, which event, which attempt, and the answer's status or the error. */
export function DeliveryLog({ id, webhookId }: DeliveryLogProps) {
  const { status, deliveries, retry } = useDeliveries(webhookId);
  return (
    <div id={id} className="min-w-0 rounded-lg border bg-muted/40 px-3 py-1">
      {status === "loading" ? (
        <div className="flex justify-center py-5">
          <Spinner />
        </div>
      ) : status === "failed" ? (
        <div className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <p className="text-muted-foreground">{WEBHOOK_MESSAGES.deliveriesLoadFailed}</p>
          <Button variant="outline" size="sm" onClick={retry}>
            <RotateCwIcon aria-hidden />
            Try again
          </Button>
        </div>
      ) : deliveries.length === 0 ? (
        <p className="py-2 text-center text-muted-foreground text-sm">
          No deliveries yet. Send a test event to try the endpoint.
        </p>
      ) : (
        // One layout for every width: each attempt's result first, then when, which event and which try.
        <ol aria-label="Latest delivery attempts" className="divide-y text-sm">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2">
              <span className="flex min-w-0 items-start gap-1.5 break-words font-medium">
                {delivery.delivered ? (
                  <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-label="Delivered" />
                ) : (
                  <CircleXIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />
                )}
                {deliveryOutcome(delivery)}
              </span>
              <span className="text-muted-foreground text-xs">
                <time
                  dateTime={new Date(delivery.attemptedAt).toISOString()}
                  title={new Date(delivery.attemptedAt).toLocaleString()}
                >
                  {formatTimeAgo(delivery.attemptedAt)}
                </time>{" "}
                · <span className="font-mono">{delivery.type}</span> · attempt {delivery.attempt}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
