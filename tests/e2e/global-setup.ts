import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startLocalServer } from "../../scripts/local-server";
import { chromiumPath } from "./chromium-path";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

/** Starts the app with wrangler dev on a free port and fresh local D1/KV state for the browser tests. */
export default async function setup(project: TestProject) {
  // Found (and unpacked, for the packaged one) once here, before the test files run side by side.
  project.provide("chromiumPath", await chromiumPath());
  if (!existsSync("dist/index.html")) throw new Error("The SPA is not built: run 'npm run build' first.");

  const server = await startLocalServer({
    config: withShortBatches(),
    // No mail provider: emails land in the local outbox, where the browser tests follow their links.
    vars: { JWT_SECRET: "e2e-secret-that-is-long-enough-for-hs256-0123456789", DEV_OUTBOX: "true" },
    // The autopilot journey runs the ten-minute cron by hand.
    testScheduled: true,
  });
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
    rmSync(SHORT_BATCHES_CONFIG, { force: true });
  };
}

/** The copy of wrangler.toml the browser tests run (beside it, so its relative paths hold). */
const SHORT_BATCHES_CONFIG = `wrangler.e2e-${process.pid}.toml`;

/**
 * wrangler.toml with the clicks and webhooks queues handing their consumer a batch after 0.2 s, as the
 * Worker tests' configuration does (tests/worker/vitest.config.ts): a browser test that waits for its
 * click or delivery does not wait out the 1–2 s batches each time. What a consumer does with a batch
 * does not depend on it.
 */
function withShortBatches(): string {
  const blocks = readFileSync("wrangler.toml", "utf8").split(/\n(?=\[)/);
  const short = blocks.map((block) =>
    block.startsWith("[[queues.consumers]]") && /"splitlink-(clicks|webhooks)"/.test(block)
      ? block.replace(/max_batch_timeout = \d+/, "max_batch_timeout = 0.2")
      : block,
  );
  if (short.filter((block, i) => block !== blocks[i]).length !== 2)
    throw new Error("wrangler.toml: expected one consumer each of splitlink-clicks and splitlink-webhooks");
  writeFileSync(SHORT_BATCHES_CONFIG, short.join("\n"));
  return SHORT_BATCHES_CONFIG;
}
