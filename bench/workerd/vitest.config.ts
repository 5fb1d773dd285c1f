import { defineConfig, type ViteUserConfig } from "vitest/config";
import { workerTests } from "../../tests/worker/vitest.config.ts";

declare module "vitest" {
  export interface ProvidedContext {
    benchScale: number;
    eventsPerMessage: number;
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
      // BENCH_EVENTS_PER_MESSAGE=1 feeds the capacity bench's consumer one event a message (the shape
      // before messages held a batch).
      provide: {
        benchScale: Number(process.env.BENCH_SCALE ?? 1),
        eventsPerMessage: Number(process.env.BENCH_EVENTS_PER_MESSAGE ?? 50),
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
