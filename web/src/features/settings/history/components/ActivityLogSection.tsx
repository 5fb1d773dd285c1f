import { HISTORY_MESSAGES } from "@contract/messages";
import { DownloadIcon } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { HistoryEventItem, HistoryPlaceholder } from "@/components/history/HistoryEventItem";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useWorkspaceHistory } from "@/features/settings/history/use-workspace-history";
import { downloadUrl } from "@/lib/api";

/** Settings › Activity log: every change in the workspace, newest first, and the whole log as CSV. */
export function ActivityLogSection() {
  const headingId = useId();
  const log = useWorkspaceHistory();
  return (
    <section aria-labelledby={headingId} id="activity" className="scroll-mt-20">
      <Card className="gap-5">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={headingId} className="text-lg">
              {HISTORY_MESSAGES.logTitle}
            </CardTitle>
            <CardDescription>{HISTORY_MESSAGES.logDescription}</CardDescription>
          </div>
          {/* A plain link: the cookie signs it in, as the test page's exports. */}
          <Button asChild variant="outline">
            <a href={downloadUrl("/api/workspace/history.csv")} download>
              <DownloadIcon aria-hidden />
              {HISTORY_MESSAGES.downloadCsv}
            </a>
          </Button>
        </CardHeader>
        <CardContent aria-busy={log.status === "loading"}>
          {log.events.length === 0 ? (
            <HistoryPlaceholder
              status={log.status}
              empty={HISTORY_MESSAGES.logEmpty}
              failed={HISTORY_MESSAGES.loadFailed}
              onRetry={log.retry}
            />
          ) : (
            <>
              <ul className="divide-y">
                {log.events.map((event) => (
                  <HistoryEventItem
                    key={event.id}
                    event={event}
                    aboutName={event.testName}
                    about={
                      event.testName === null ? undefined : event.testSlug ? (
                        <Link to={`/test/${encodeURIComponent(event.testSlug)}`} className="underline">
                          {event.testName}
                        </Link>
                      ) : (
                        <span>
                          {event.testName} {HISTORY_MESSAGES.deletedTest}
                        </span>
                      )
                    }
                  />
                ))}
              </ul>
              {log.moreFailed && (
                <p role="status" className="mt-4 text-destructive text-sm">
                  {HISTORY_MESSAGES.loadFailed}
                </p>
              )}
              {log.hasMore && (
                <Button variant="outline" className="mt-4" onClick={log.showMore} disabled={log.loadingMore}>
                  {log.loadingMore && <Spinner />}
                  {HISTORY_MESSAGES.showMore}
                </Button>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
