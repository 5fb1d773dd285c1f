import type { HistoryEvent } from "@contract/api";
import { HISTORY_MESSAGES } from "@contract/messages";
import { RotateCwIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { detailsOf, sentenceOf } from "@/lib/history/describe-event";
import { formatTimeAgo } from "@/lib/time";

const fullTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/**
 * One change in a history list: who did what, when, and a line of what changed. `about` names what it
 * changed (the activity log's test link), `aboutName` that name, which the details line then leaves out.
 */
export function HistoryEventItem({
  event,
  about,
  aboutName,
}: {
  event: HistoryEvent;
  about?: ReactNode;
  aboutName?: string | null;
}) {
  const details = detailsOf(event);
  const detailsLine = details === aboutName ? "" : details;
  return (
    <li className="grid gap-0.5 py-3 first:pt-0 last:pb-0">
      <p className="break-words text-sm">
        <span className="font-medium">{sentenceOf(event)}</span>
        {about && <> · {about}</>}
        <span className="text-muted-foreground">
          {" · "}
          <time dateTime={new Date(event.at).toISOString()} title={fullTime.format(event.at)}>
            {formatTimeAgo(event.at)}
          </time>
        </span>
      </p>
      {detailsLine && <p className="break-words text-muted-foreground text-sm">{detailsLine}</p>}
    </li>
  );
}

/** The state of a history list that has no events to show: loading, failed or empty. */
export function HistoryPlaceholder({
  status,
  empty,
  failed,
  onRetry,
}: {
  status: "loading" | "failed" | "ready";
  empty: string;
  failed: string;
  onRetry: () => void;
}) {
  if (status === "loading")
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (status === "failed")
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-6 text-center">
        <p role="status" className="text-muted-foreground text-sm">
          {failed}
        </p>
        <Button variant="outline" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          {HISTORY_MESSAGES.retry}
        </Button>
      </div>
    );
  return (
    <p className="rounded-lg border border-dashed px-6 py-6 text-center text-muted-foreground text-sm">
      {empty}
    </p>
  );
}
