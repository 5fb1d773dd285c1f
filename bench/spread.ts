import { BATCH_WINDOW_MS, MAX_PACKED_EVENTS, packEvents } from "../worker/queue/producer";
import type { Spread, SpreadOptions } from "./spread-types";
import { mulberry32 } from "./workerd/sequential-simulation";

export type { ClicksConsumer, Spread, SpreadOptions } from "./spread-types";

// A production-like spread of clicks over Cloudflare's network, and what it makes of the producer's
// batches and the queue's consumer batches. Pure TypeScript, seeded: the same options give the same
// figures on every run. The producer's rule is the Worker's own (worker/queue/producer.ts), the
// consumer's batching wrangler.toml's (bench/clicks-consumer.ts reads it; the capacity bench gets it
// from bench/workerd/vitest.config.ts). Run `node bench/spread-report.ts` for the table.
//
// The model, each part with its source or labelled an assumption (with the range tried):
// - Locations: Cloudflare runs Workers in every data center of its network, "over 330 cities"
//   (developers.cloudflare.com, the docs' network figure: cloudflare-docs src/components/PublicStats.astro,
//   read 2026-11-29; https://developers.cloudflare.com/workers/reference/how-workers-works/ for
//   Workers running in every location). A click is served by the location nearest its visitor.
// - How traffic is shared among locations: ASSUMPTION, Zipf with exponent 1 over the 330 locations
//   (the busiest serves 16 % of the clicks, the tenth 1.6 %, the last 0.05 %). Tried: exponent 0 (every
//   location alike, the fewest events a message) and 1.5 (the busiest 41 %). No published figure exists
//   for one Worker's traffic by location; a link service's traffic follows its customers' audiences.
// - Isolates per location: one. Since September 2025 Cloudflare routes a Worker's requests in a data
//   center to one "shard server" on a consistent hash ring, so a Worker's traffic there meets one warm
//   isolate unless that server sheds load ("Eliminating Cold Starts 2: shard and conquer",
//   https://blog.cloudflare.com/eliminating-cold-starts-2-shard-and-conquer/, 2025-09-26). ASSUMPTION
//   for busy locations, which may spread over more servers: tried 1 and 8 isolates a location, the
//   location's clicks shared evenly among them.
// - Arrivals: ASSUMPTION, Poisson per isolate (visitors independent of each other); the rate follows
//   the time of day at the location: rate × (1 + 0.5 cos(2π (hour − peak) / 24)), peak to trough 3 : 1,
//   each location's peak hour drawn at random (seeded), constant within each hour. Tried without the
//   time of day. The day is simulated from an hour before it, so it starts with batches under way.
// - The producer (worker/queue/producer.ts, imported): an isolate's first event opens a batch, which
//   takes the isolate's events until BATCH_WINDOW_MS after it opened or MAX_PACKED_EVENTS events, and is
//   sent then as packEvents makes it (one message per MAX_PACKED_EVENTS events or 120 KB). The window
//   is an option here, to weigh a longer one (issue #51 point 3: `waitUntil` allows 30 s).
// - The queue's consumer batches: up to max_batch_size messages, or what has arrived max_batch_timeout
//   seconds after the batch's first message, "whichever limit is reached first"
//   (https://developers.cloudflare.com/queues/configuration/batching-retries/). One consumer batch open
//   at a time; the consumer's concurrency (up to 250 invocations,
//   https://developers.cloudflare.com/queues/platform/limits/, which also gives the 5,000 messages a
//   second per queue that the peak is read against) does not change the batches' sizes here.
// - Not modelled: conversions (3 % of clicks, a beacon each) and uncounted events, which the capacity
//   bench adds per click; bursts beyond Poisson (a link posted somewhere busy), which give more events a
//   message; retries.

const HOUR_MS = 3_600_000;

export const LOCATIONS = 330;
export const ZIPF_EXPONENT = 1;
export const ISOLATES_PER_LOCATION = 1;
export const DIURNAL_AMPLITUDE = 0.5;
export const SEED = 20261129;

/** A click as the redirect sends it (worker/queue/events.ts), for packEvents' byte limit. */
const CLICK = {
  type: "click",
  id: "Ab3dE6gH",
  testId: "k2m9q4w7z1",
  timestamp: 1_795_000_000_000,
  variant: "A",
  sessionId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  isBot: false,
  device: "mobile",
  os: "android",
  country: "US",
  referrer: "news.ycombinator.com",
  source: "Zx81_qPo",
};

/** The messages packEvents makes of a batch of `n` clicks, as their event counts. */
const messagesOfBatch = (() => {
  const memo = new Map<number, number[]>();
  return (n: number): number[] => {
    let sizes = memo.get(n);
    if (!sizes) {
      sizes = packEvents(Array.from({ length: n }, () => CLICK)).map((message) => message.events.length);
      memo.set(n, sizes);
    }
    return sizes;
  };
})();

/** Each location's share of the clicks: Zipf with `exponent` over `locations` (0: alike). */
export function locationShares(locations: number, exponent: number): number[] {
  const weights = Array.from({ length: locations }, (_, i) => 1 / (i + 1) ** exponent);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/**
 * Simulates `hours` of clicks at `clicksPerDay` over the network, the producer's batches in each
 * isolate and the queue's consumer batches; answers the events per message and messages per batch.
 */
export function simulateSpread(options: SpreadOptions): Spread {
  const windowMs = options.windowMs ?? BATCH_WINDOW_MS;
  const locations = options.locations ?? LOCATIONS;
  const perLocation = options.isolatesPerLocation ?? ISOLATES_PER_LOCATION;
  const amplitude = options.diurnalAmplitude ?? DIURNAL_AMPLITUDE;
  const hours = options.hours ?? 24;
  const random = mulberry32(options.seed ?? SEED);
  const shares = locationShares(locations, options.zipfExponent ?? ZIPF_EXPONENT);
  const peakHour = shares.map(() => random() * 24);
  const isolates = locations * perLocation;
  const perMs = options.clicksPerDay / (24 * HOUR_MS);
  // Each isolate's open batch: when it opened (NaN: none) and its events.
  const openedAt = new Float64Array(isolates).fill(Number.NaN);
  const openEvents = new Int32Array(isolates);

  const batchTimeoutMs = options.consumer.maxBatchTimeoutSeconds * 1000;
  const maxBatch = options.consumer.maxBatchSize;
  const shapes: number[][] = [];
  let batchOpenedAt = Number.NaN;
  let batch: number[] = [];
  let clicks = 0;
  let messages = 0;
  let batches = 0;
  let alone = 0;
  let peak = 0;
  let second = Number.NaN;
  let inSecond = 0;
  const closeBatch = () => {
    batches += 1;
    if (options.keepEvery && batches % options.keepEvery === 0) shapes.push(batch);
    batch = [];
    batchOpenedAt = Number.NaN;
  };
  // The messages sent and not yet delivered, each one number: the microsecond it was sent (from the
  // warm-up hour's start) times 128 plus its events (at most MAX_PACKED_EVENTS, below 128), so a
  // numeric sort puts them in the order sent.
  let pending = new Float64Array(1 << 16);
  let pendingCount = 0;
  /** Hands the queue the messages sent before `until`, in the order sent. */
  const deliver = (until: number) => {
    const sorted = pending.subarray(0, pendingCount).sort();
    let i = 0;
    for (; i < pendingCount; i++) {
      const key = sorted[i] ?? 0;
      const events = key % 128;
      const at = (key - events) / 128 / 1000 - HOUR_MS;
      if (at >= until) break;
      // The warm-up hour before the day (every isolate's batches already under way) is not counted.
      if (at < 0) continue;
      clicks += events;
      messages += 1;
      if (events === 1) alone += 1;
      if (!Number.isNaN(batchOpenedAt) && at >= batchOpenedAt + batchTimeoutMs) closeBatch();
      if (Number.isNaN(batchOpenedAt)) batchOpenedAt = at;
      batch.push(events);
      if (batch.length >= maxBatch) closeBatch();
      const inSecondNow = Math.floor(at / 1000);
      if (inSecondNow !== second) {
        second = inSecondNow;
        inSecond = 0;
      }
      inSecond += 1;
      if (inSecond > peak) peak = inSecond;
    }
    pending.copyWithin(0, i, pendingCount);
    pendingCount -= i;
  };
  const send = (isolate: number) => {
    const events = openEvents[isolate] ?? 0;
    const at = (openedAt[isolate] ?? 0) + windowMs;
    for (const size of messagesOfBatch(events)) {
      if (pendingCount === pending.length) {
        const grown = new Float64Array(pending.length * 2);
        grown.set(pending);
        pending = grown;
      }
      pending[pendingCount++] = Math.round((at + HOUR_MS) * 1000) * 128 + size;
    }
    openedAt[isolate] = Number.NaN;
    openEvents[isolate] = 0;
  };

  // From an hour before the day, so the day starts with batches open as on any other hour.
  for (let hour = -1; hour < hours; hour++) {
    const start = hour * HOUR_MS;
    const end = start + HOUR_MS;
    for (let location = 0; location < locations; location++) {
      const diurnal = 1 + amplitude * Math.cos((2 * Math.PI * (hour + 0.5 - (peakHour[location] ?? 0))) / 24);
      const rate = (perMs * (shares[location] ?? 0) * diurnal) / perLocation;
      for (let k = 0; k < perLocation; k++) {
        const isolate = location * perLocation + k;
        let t = start;
        for (;;) {
          t += -Math.log(1 - random()) / rate;
          if (t >= end) break;
          const opened = openedAt[isolate] ?? Number.NaN;
          if (!Number.isNaN(opened) && t >= opened + windowMs) send(isolate);
          if (Number.isNaN(openedAt[isolate] ?? Number.NaN)) {
            openedAt[isolate] = t;
            openEvents[isolate] = 1;
            continue;
          }
          openEvents[isolate] = (openEvents[isolate] ?? 0) + 1;
          // A full batch goes at its window's end; the isolate's next event opens another.
          if ((openEvents[isolate] ?? 0) >= MAX_PACKED_EVENTS) send(isolate);
        }
        const opened = openedAt[isolate] ?? Number.NaN;
        if (!Number.isNaN(opened) && (opened + windowMs < end || hour === hours - 1)) send(isolate);
      }
    }
    deliver(hour === hours - 1 ? Number.POSITIVE_INFINITY : end);
  }
  if (batch.length > 0) closeBatch();

  return {
    windowMs,
    clicks,
    messages,
    batches,
    eventsPerMessage: clicks / messages,
    messagesPerBatch: messages / batches,
    eventsPerBatch: clicks / batches,
    messagesPerClick: messages / clicks,
    batchesPerClick: batches / clicks,
    aloneShare: alone / clicks,
    peakMessagesPerSecond: peak,
    ...(options.keepEvery ? { batchShapes: shapes } : {}),
  };
}

/**
 * The KV reads a click costs at this spread when a link's record is kept `ttlMs` after each read of KV:
 * by each isolate (worker/link-cache/isolate-cache.ts), or, `atLocation`, by each location for all its
 * isolates (the Cache API: worker/link-cache/location-cache.ts). ASSUMPTION: the clicks shared evenly
 * among `links` links (a busy link among quiet ones costs fewer reads: this is the most for that many
 * links). With Poisson clicks of rate λ at an isolate (or location) and link, a read starts an entry of
 * `ttlMs` and the next read is the first click after it: λ / (1 + λ ttlMs) reads a millisecond. A link
 * changed every `changedEveryMs` is purged twice a change (worker/link-cache/purges.ts): up to two
 * reads a change where clicks are many, one a click where they are few, λ·2 / (2 + λ T) with T the
 * shorter of the two times. Each location and hour as simulateSpread has them (the same seed draws the
 * same peak hours).
 */
export function kvReadsPerClick(
  options: Omit<SpreadOptions, "consumer" | "windowMs" | "keepEvery"> & {
    links: number;
    ttlMs: number;
    atLocation?: boolean;
    changedEveryMs?: number;
  },
): number {
  const locations = options.locations ?? LOCATIONS;
  const sharing = options.atLocation ? 1 : (options.isolatesPerLocation ?? ISOLATES_PER_LOCATION);
  const amplitude = options.diurnalAmplitude ?? DIURNAL_AMPLITUDE;
  const random = mulberry32(options.seed ?? SEED);
  const shares = locationShares(locations, options.zipfExponent ?? ZIPF_EXPONENT);
  const peakHour = shares.map(() => random() * 24);
  const perMs = options.clicksPerDay / (24 * HOUR_MS);
  const periodMs = Math.min(options.ttlMs, options.changedEveryMs ?? options.ttlMs);
  const readsAPeriod = periodMs < options.ttlMs ? 2 : 1;
  let reads = 0;
  let clicks = 0;
  for (let hour = 0; hour < (options.hours ?? 24); hour++)
    for (let location = 0; location < locations; location++) {
      const diurnal = 1 + amplitude * Math.cos((2 * Math.PI * (hour + 0.5 - (peakHour[location] ?? 0))) / 24);
      // Clicks a millisecond for one link at one isolate (or location).
      const rate = (perMs * (shares[location] ?? 0) * diurnal) / sharing / options.links;
      reads += ((rate * readsAPeriod) / (readsAPeriod + rate * periodMs)) * HOUR_MS;
      clicks += rate * HOUR_MS;
    }
  return reads / clicks;
}

/**
 * The pack rows a click costs when a shard's writer writes `clicksPerWrite` clicks at a time over the
 * shard's `testsPerShard` tests: a write of a test's clicks is one pack row, inserted or appended to the
 * hour's last (worker/queue/record.ts), so a write costs a row for each test it holds. ASSUMPTION: the
 * clicks shared evenly among the tests (the most tests a write for that many): L (1 - (1 - 1/L)^W) tests
 * a write of W clicks over L tests.
 */
export function packRowsPerClick(clicksPerWrite: number, testsPerShard: number): number {
  const tests = Math.max(1, testsPerShard);
  return (tests * (1 - (1 - 1 / tests) ** clicksPerWrite)) / clicksPerWrite;
}
