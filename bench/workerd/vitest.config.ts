import { defineConfig, type ViteUserConfig } from "vitest/config";
import { workerTests } from "../../tests/worker/vitest.config.ts";
import { clickHoldSeconds, clicksConsumer } from "../clicks-consumer.ts";
import type { ClicksConsumer } from "../spread-types.ts";

declare module "vitest" {
  export interface ProvidedContext {
    benchScale: number;
    eventsPerMessage: number;
    spreadClicksPerDay: number;
    clicksConsumer: ClicksConsumer;
    clickHoldSeconds: number;
  }
}

// The benchmarks that run inside workerd (queue consumer, dashboard at scale): the test setup's
// runtime, bindings and migrations, but bench files only. Not part of `npm test`.
export default defineConfig(async (configEnv): Promise<ViteUserConfig> => {
  // One database, the main one, takes every test's events: the figures of docs/capacity.md are per D1
  // database, and an event shard holds its tests' events as the main one does here.
  const base = await workerTests({ EVENT_SHARDS: "DB" })(configEnv);
  return {
    ...base,
    test: {
      ...base.test,
      // BENCH_SCALE=0.1 runs every workerd benchmark at a tenth of its volume (for trying changes).
      // The capacity bench feeds its consumer the messages and consumer batches of the production-like
      // spread (bench/spread.ts) at BENCH_SPREAD_CLICKS_PER_DAY (1 million unless given), its consumer
      // batching read from wrangler.toml. BENCH_EVENTS_PER_MESSAGE=50 feeds it batches of 100 messages
      // of 50 events instead (one local isolate's 50 concurrent visits: the figure before the spread),
      // =1 one event a message (the shape before messages held a batch).
      provide: {
        benchScale: Number(process.env.BENCH_SCALE ?? 1),
        eventsPerMessage: Number(process.env.BENCH_EVENTS_PER_MESSAGE ?? 0),
        spreadClicksPerDay: Number(process.env.BENCH_SPREAD_CLICKS_PER_DAY ?? 1_000_000),
        clicksConsumer: clicksConsumer(),
        clickHoldSeconds: clickHoldSeconds(),
      },
      include: ["bench/workerd/**/*.bench.test.ts"],
      testTimeout: 600_000,
      fileParallelism: false,
      // The app's own log lines (a thousand queue batches) would bury the tables; its warnings and
      // errors still show.
      onConsoleLog: (log, type) => type === "stderr" || !log.startsWith('{"level":"info"'),
    },
  };
});
