import { runnerImport } from "vite";
import { clicksConsumer } from "./clicks-consumer.ts";
import { PRICES, PRICES_AS_OF, QUEUE_OPERATIONS_PER_MESSAGE } from "./prices.ts";
import type { SpreadModule } from "./spread-types.ts";
import { fixed, printTable } from "./table.ts";

// `node bench/spread-report.ts`: the production-like spread of bench/spread.ts at 1 and 100 million
// clicks a day and producer windows of 0.1, 1, 5 and 20 s, then how much its assumptions move the
// figure at today's window (about 2 minutes). The model imports the producer's rule from the Worker's
// code, so Vite's module runner loads it (as scripts/build-openapi.ts does); it is checked with the
// Worker's code (worker/tsconfig.json).
const { module: spread } = await runnerImport<SpreadModule>("./bench/spread.ts", {
  configFile: false,
  logLevel: "warn",
});
const consumer = clicksConsumer();
const VOLUMES = [1_000_000, 100_000_000];
const WINDOWS_MS = [100, 1_000, 5_000, 20_000];
const queueDollarsPerMillion = (messagesPerClick: number) =>
  messagesPerClick * QUEUE_OPERATIONS_PER_MESSAGE * PRICES.queueOperation * 1e6;

const rows = VOLUMES.flatMap((clicksPerDay) =>
  WINDOWS_MS.map((windowMs) => {
    const result = spread.simulateSpread({ clicksPerDay, consumer, windowMs });
    return {
      "clicks / day": clicksPerDay,
      "window s": windowMs / 1000,
      "events / message": fixed(result.eventsPerMessage, 2),
      "clicks alone in a message": `${fixed(result.aloneShare * 100, 1)} %`,
      "messages / consumer batch": fixed(result.messagesPerBatch, 1),
      "events / consumer batch": fixed(result.eventsPerBatch, 1),
      "peak messages / s": result.peakMessagesPerSecond,
      "queue $ / million clicks": fixed(queueDollarsPerMillion(result.messagesPerClick), 3),
    };
  }),
);
const today = rows.filter((row) => row["window s"] === 0.1);
printTable(
  `Spread: clicks over ${spread.LOCATIONS} locations (Zipf ${spread.ZIPF_EXPONENT}), ${spread.ISOLATES_PER_LOCATION} isolate each, Poisson arrivals, a day (seed ${spread.SEED}); the producer's rule (worker/queue/producer.ts) at each window; consumer batches of up to ${consumer.maxBatchSize} messages or ${consumer.maxBatchTimeoutSeconds} s (wrangler.toml); queue at $${PRICES.queueOperation * 1e6} a million operations, ${QUEUE_OPERATIONS_PER_MESSAGE} a message (prices as of ${PRICES_AS_OF})`,
  rows,
  `spread: at today's 0.1 s window ${today.map((row) => `${row["clicks / day"]} clicks/day ${row["events / message"]} events/message, ${row["messages / consumer batch"]} messages/consumer batch, queue $${row["queue $ / million clicks"]} a million clicks`).join("; ")}`,
);

const variants = [
  { assumption: "as above", options: {} },
  { assumption: "every location alike (Zipf 0)", options: { zipfExponent: 0 } },
  { assumption: "traffic concentrated (Zipf 1.5)", options: { zipfExponent: 1.5 } },
  { assumption: "8 isolates a location", options: { isolatesPerLocation: 8 } },
  { assumption: "no time of day", options: { diurnalAmplitude: 0 } },
  { assumption: "another seed", options: { seed: 7 } },
];
printTable(
  "Spread at today's 0.1 s window: each assumption varied alone",
  VOLUMES.flatMap((clicksPerDay) =>
    variants.map(({ assumption, options }) => {
      const result = spread.simulateSpread({ clicksPerDay, consumer, ...options });
      return {
        "clicks / day": clicksPerDay,
        assumption,
        "events / message": fixed(result.eventsPerMessage, 2),
        "messages / consumer batch": fixed(result.messagesPerBatch, 1),
        "queue $ / million clicks": fixed(queueDollarsPerMillion(result.messagesPerClick), 3),
      };
    }),
  ),
  "spread: the range of events per message over the assumptions tried, per volume, is in the table",
);
