import { applyD1Migrations, env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";

if (env.PROPERTY_SEED) fc.configureGlobal({ seed: Number(env.PROPERTY_SEED) });

// Every database of wrangler.toml runs the same migrations: the main one and each event shard.
beforeAll(async () => {
  const started = Date.now();
  await Promise.all(
    Object.entries(env)
      .filter(([name]) => name === "DB" || /^EVENTS_\d+$/.test(name))
      .map(([, db]) => applyD1Migrations(db as D1Database, env.TEST_MIGRATIONS)),
  );
  if (env.COUNT_EXPECTS) console.log(`migrations took ${Date.now() - started} ms`);
});

// An unexpected console.error is a bug: fail the test that caused it.
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.join(" ")).join("\n")}`);
});

// COUNT_EXPECTS=1 prints each file's number of assertions run (the suite's figure before and after a change).
if (env.COUNT_EXPECTS) {
  // Bound now: a test may replace console.log with a spy.
  const print = console.log.bind(console);
  let assertions = 0;
  afterEach(() => {
    assertions += expect.getState().assertionCalls;
  });
  afterAll(() => {
    print(`assertions run: ${assertions}`);
  });
}
