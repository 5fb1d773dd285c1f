import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { type Unstable_Config, unstable_readConfig } from "wrangler";
import { FAKE_CLOUDFLARE, fakeCloudflare } from "./cloudflare-fake.ts";
import { FAKE_MAIL, fakeMail } from "./mail-fake.ts";
import { FAKE_SLACK, fakeReceiver, isReceiverRequest } from "./webhook-receiver.ts";

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// A consumer gets a batch when it is full or this long after its first message. wrangler.toml waits 1–2 s
// on the clicks, webhooks and link purges queues, which a test that waits for its click or delivery would wait each
// time; what the consumers do with a batch does not depend on it (tests/worker/queue.test.ts hands them
// batches of its own). The autopilot's and the dead letters' queues keep wrangler.toml's timeouts.
const TEST_BATCH_TIMEOUT_SECONDS = 0.2;
const SHORT_BATCH_QUEUES = new Set(["splitlink-clicks", "splitlink-webhooks", "splitlink-link-purges"]);

// The files that run the Worker's crons (`runCron`, or a cron's function directly).
const CRON_FILES = [
  "account",
  "archive",
  "autopilot",
  "digest",
  "domains",
  "faults",
  "links",
  "session-index",
  "shards",
  "split-tests",
  "workspaces",
].map((name) => `tests/worker/${name}.test.ts`);

type QueueConsumer = NonNullable<Unstable_Config["queues"]["consumers"]>[number];

/** wrangler.toml's queue consumers, as miniflare takes them, with the tests' batch timeouts. */
function queueConsumers() {
  const consumers = unstable_readConfig({ config: fromRoot("wrangler.toml") }).queues.consumers ?? [];
  return Object.fromEntries(
    consumers.map((consumer: QueueConsumer) => [
      consumer.queue,
      {
        maxBatchSize: consumer.max_batch_size,
        maxBatchTimeout: SHORT_BATCH_QUEUES.has(consumer.queue)
          ? TEST_BATCH_TIMEOUT_SECONDS
          : consumer.max_batch_timeout,
        maxRetries: consumer.max_retries,
        deadLetterQueue: consumer.dead_letter_queue,
        retryDelay: consumer.retry_delay,
      },
    ]),
  );
}

// The Worker tests (`npm run test:worker`): inside workerd with the real bindings of wrangler.toml,
// local D1, KV and Queues (new tests spread over its two event shards), and the outside world faked at
// the HTTP boundary. `vars` replace some of wrangler.toml's (bench/workerd/vitest.config.ts).
export const workerTests = (vars: Record<string, string> = {}) =>
  defineConfig(async () => ({
    root: fromRoot(""),
    plugins: [
      cloudflareTest({
        wrangler: { configPath: fromRoot("wrangler.toml") },
        miniflare: {
          // A second, empty database for tests/worker/migrations.test.ts, which migrates it step by step.
          d1Databases: { MIGRATION_TEST_DB: "migration-test" },
          queueConsumers: queueConsumers(),
          bindings: {
            APP_HOST: "app.splitlink.test",
            JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
            TEST_MIGRATIONS: await readD1Migrations(fromRoot("migrations")),
            // CI draws the same inputs every run (a rare input can still be found locally, where each run
            // draws new ones and fast-check prints the seed that fails).
            PROPERTY_SEED: process.env.CI ? "20261125" : "",
            COUNT_EXPECTS: process.env.COUNT_EXPECTS ?? "",
            CF_API_BASE_URL: FAKE_CLOUDFLARE.baseUrl,
            CF_ZONE_ID: FAKE_CLOUDFLARE.zoneId,
            CF_API_TOKEN: FAKE_CLOUDFLARE.token,
            MAIL_API_BASE_URL: FAKE_MAIL.baseUrl,
            MAIL_API_KEY: FAKE_MAIL.apiKey,
            MAIL_FROM: FAKE_MAIL.from,
            SLACK_WEBHOOK_ORIGIN: FAKE_SLACK.origin,
            // The link cache's second purge a second after a change, not 40 (worker/link-cache/purges.ts).
            LINK_PURGE_AGAIN_SECONDS: "1",
            ...vars,
          },
          // Every fetch the Worker and the tests make leaves workerd here: Cloudflare's and the mail
          // provider's APIs and users' webhook endpoints are faked, anything else is refused, so no test
          // depends on the network.
          outboundService: (request: Request) => {
            const origin = new URL(request.url).origin;
            if (origin === FAKE_CLOUDFLARE.origin) return fakeCloudflare(request);
            if (origin === FAKE_MAIL.origin) return fakeMail(request);
            if (isReceiverRequest(request)) return fakeReceiver(request);
            return new Response(`Tests make no network requests (${request.url})`, { status: 502 });
          },
        },
      }),
    ],
    test: {
      setupFiles: ["./tests/worker/setup.ts"],
      // Some tests wait for the queue consumer (its batches, its retries).
      testTimeout: 20_000,
      // Two files at a time even on 2 cores (vitest's default there is one): a file mostly waits on
      // the queue's batches and on D1.
      maxWorkers: 3,
      // The Worker's log lines go straight to workerd's output rather than through vitest's console
      // forwarding: a queue delivers after a file's last test (a pending conversion retried, a link
      // purge's second message), and a line forwarded then fails the run as "Closing rpc while
      // onUserConsoleLog was pending" though every test passed. Tests that read a log spy on console.
      disableConsoleIntercept: true,
    },
  }));

// `npm run test:worker`: the tests in two projects. The benchmarks take workerTests() without them.
export default defineConfig(async (configEnv): Promise<ViteUserConfig> => {
  const base = await workerTests()(configEnv);
  return {
    ...base,
    test: {
      ...base.test,
      projects: [
        // Each runner imports the Worker once and runs file after file in one workerd, sharing its
        // storage, instead of starting a workerd and importing the Worker again for each file
        // (368 s -> about 160 s). So a test finds what it made by its own ids and users.
        {
          extends: true,
          test: {
            name: "shared",
            include: ["tests/worker/**/*.test.ts"],
            exclude: CRON_FILES,
            isolate: false,
          },
        },
        // A cron scans every test and account within a bounded run, so what other files left would
        // change what it reaches: these files start from empty storage, one workerd each.
        { extends: true, test: { name: "own storage", include: CRON_FILES, isolate: true } },
      ],
    },
  };
});
