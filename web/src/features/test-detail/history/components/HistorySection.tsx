import { HISTORY_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { HistoryEventItem, HistoryPlaceholder } from "@/components/history/HistoryEventItem";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { useTestHistory } from "@/features/test-detail/history/use-test-history";

/** How many changes show at first, and how many more each "Show more" adds. */
const STEP = 10;

/** Every change to the test and who made it, newest first. */
export function HistorySection({ slug }: { slug: string }) {
  const { status, events, retry } = useTestHistory(slug);
  const [shown, setShown] = useState(STEP);
  return (
    <DetailSection title={HISTORY_MESSAGES.title}>
      <div aria-busy={status === "loading"}>
        {events.length === 0 ? (
          <HistoryPlaceholder
            status={status}
            empty={HISTORY_MESSAGES.empty}
            failed={HISTORY_MESSAGES.loadFailed}
            onRetry={retry}
          />
        ) : (
          <>
            <ul className="divide-y">
              {events.slice(0, shown).map((event) => (
                <HistoryEventItem key={event.id} event={event} />
              ))}
            </ul>
            {events.length > shown && (
              <Button variant="outline" className="mt-4" onClick={() => setShown((n) => n + STEP)}>
                {HISTORY_MESSAGES.showMore}
              </Button>
            )}
          </>
        )}
      </div>
    </DetailSection>
  );
}
