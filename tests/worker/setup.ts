import { applyD1Migrations, env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeAll, vi } from "vitest";

if (env.PROPERTY_SEED) fc.configureGlobal({ seed: Number(env.PROPERTY_SEED) });

// Every database of wrangler.toml runs the same migrations: the main one and each event shard.
beforeAll(async () => {
  await Promise.all(
    Object.entries(env)
      .filter(([name]) => name === "DB" || /^EVENTS_\d+$/.test(name))
      .map(([, db]) => applyD1Migrations(db as D1Database, env.TEST_MIGRATIONS)),
  );
});

// An unexpected console.error is a bug: fail the test that caused it.
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.join(" ")).join("\n")}`);
});
