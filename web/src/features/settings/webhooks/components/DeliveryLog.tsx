import { WEBHOOK_MESSAGES } from "@contract/messages";
import { CircleCheckIcon, CircleXIcon, RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDeliveries } from "@/features/settings/webhooks/use-deliveries";
import { deliveryOutcome } from "@/features/settings/webhooks/use-send-test-event";
import { formatTimeAgo } from "@/lib/time";

interface DeliveryLogProps {
  id: string;
  webhookId: string;
  /** Changes when a test event was sent: the log loads again. */
  version: number;
}

/** The endpoint's last attempts: when, which event, which attempt, and the answer's status or the error. */
export function DeliveryLog({ id, webhookId, version }: DeliveryLogProps) {
  const { status, deliveries, retry } = useDeliveries(webhookId, version);
  return (
    <div id={id} className="rounded-lg border bg-muted/40 p-3">
      {status === "loading" ? (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : status === "failed" ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
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
        <Table aria-label="Latest delivery attempts">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Event</TableHead>
              <TableHead className="text-right">Attempt</TableHead>
              <TableHead>Result</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell className="whitespace-nowrap">
                  <time
                    dateTime={new Date(delivery.attemptedAt).toISOString()}
                    title={new Date(delivery.attemptedAt).toLocaleString()}
                  >
                    {formatTimeAgo(delivery.attemptedAt)}
                  </time>
                </TableCell>
                <TableCell className="font-mono text-xs">{delivery.type}</TableCell>
                <TableCell className="text-right tabular-nums">{delivery.attempt}</TableCell>
                <TableCell className="min-w-40 whitespace-normal">
                  <span className="inline-flex items-start gap-1.5">
                    {delivery.delivered ? (
                      <CircleCheckIcon
                        className="mt-0.5 size-4 shrink-0 text-success"
                        aria-label="Delivered"
                      />
                    ) : (
                      <CircleXIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />
                    )}
                    {deliveryOutcome(delivery)}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
