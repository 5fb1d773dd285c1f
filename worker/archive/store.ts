import type { Budget } from "./budget";
import type { EventRow } from "./rows";

// The archive's layout in R2 (the ARCHIVE binding): events/{test id}/{UTC day}/{first event}.ndjson.gz,
// gzip-compressed NDJSON, one EventRow a line, in time order. A day is one object unless it holds more
// events than one archive read (worker/archive/archive.ts), and the keys sort in time order.

const testPrefix = (testId: string) => `events/${testId}/`;

/** The key of the object that starts with `first`: the same rows always get the same key. */
export function objectKey(testId: string, first: EventRow): string {
  const day = new Date(first.timestamp).toISOString().slice(0, 10);
  const time = String(first.timestamp).padStart(13, "0");
  return `${testPrefix(testId)}${day}/${time}-${encodeURIComponent(first.id)}.ndjson.gz`;
}

export async function writeObject(bucket: R2Bucket, key: string, rows: EventRow[]): Promise<void> {
  const ndjson = rows.map((row) => `${JSON.stringify(row)}\n`).join("");
  const gzipped = new Blob([ndjson]).stream().pipeThrough(new CompressionStream("gzip"));
  await bucket.put(key, await new Response(gzipped).arrayBuffer(), {
    httpMetadata: { contentType: "application/x-ndjson" },
  });
}

async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body
    .pipeThrough(new DecompressionStream("gzip"))
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (rest + value).split("\n");
    rest = lines.pop() ?? "";
    yield* lines;
  }
  if (rest) yield rest;
}

/** The keys of the test's objects after `startAfter` (from the first if undefined), in time order. */
export async function* objectKeys(
  bucket: R2Bucket,
  testId: string,
  startAfter?: string,
): AsyncGenerator<string> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: testPrefix(testId), startAfter, cursor });
    for (const { key } of page.objects) yield key;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** The events of one object, in order; none if it was deleted meanwhile (its test is being deleted). */
export async function* objectEvents(bucket: R2Bucket, key: string): AsyncGenerator<EventRow> {
  const object = await bucket.get(key);
  if (!object) return;
  for await (const line of linesOf(object.body)) if (line) yield JSON.parse(line) as EventRow;
}

/** Deletes the test's objects, 1,000 a listing; false when the budget ran out first. */
export async function deleteObjects(bucket: R2Bucket, testId: string, budget: Budget): Promise<boolean> {
  for (;;) {
    if (budget.left < 2) return false;
    budget.spend();
    const page = await bucket.list({ prefix: testPrefix(testId) });
    if (page.objects.length === 0) return true;
    budget.spend();
    await bucket.delete(page.objects.map((object) => object.key));
    if (!page.truncated) return true;
  }
}
