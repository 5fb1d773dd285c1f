import { comesAfter, type EventKey, type EventRow, eventPage } from "./rows";
import { objectEvents, objectKeys } from "./store";

const PAGE_SIZE = 1000;

/**
 * Every event of a test once, in time order: the days archived to R2, then the events still in D1. An
 * event is let through only if it comes after the last one: the archive holds older events than D1,
 * and a run of it that stopped between writing an object and deleting its rows from D1 left them in
 * both. After each page read from D1 the objects written since the last look come first, so events
 * the archive moves while an export runs are not missed.
 */
export async function* eventsOfTest(
  /** The test's shard (worker/db/shards.ts) and the archive. */
  stores: { events: D1Database; archive: R2Bucket },
  testId: string,
): AsyncGenerator<EventRow> {
  let last: EventKey | null = null;
  let lastObject: string | undefined;
  const isNext = (row: EventRow) => {
    if (last && !comesAfter(row, last)) return false;
    last = row;
    return true;
  };
  async function* newlyArchived() {
    for await (const key of objectKeys(stores.archive, testId, lastObject)) {
      lastObject = key;
      for await (const row of objectEvents(stores.archive, key)) if (isNext(row)) yield row;
    }
  }

  yield* newlyArchived();
  for (;;) {
    const page = await eventPage(stores.events, testId, {
      after: last,
      before: Number.MAX_SAFE_INTEGER,
      limit: PAGE_SIZE,
    });
    yield* newlyArchived();
    for (const row of page) if (isNext(row)) yield row;
    if (page.length < PAGE_SIZE) return;
  }
}
