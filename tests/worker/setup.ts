import { type D1Migration, env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";

if (env.PROPERTY_SEED) fc.configureGlobal({ seed: Number(env.PROPERTY_SEED) });

// Every database of wrangler.toml runs the same migrations: the main one and each event shard.
beforeAll(async () => {
  const started = Date.now();
  await Promise.all(
    Object.entries(env)
      .filter(([name]) => name === "DB" || /^EVENTS_\d+$/.test(name))
      .map(([, db]) => applyMigrationsAtOnce(db as D1Database, env.TEST_MIGRATIONS)),
  );
  if (env.COUNT_EXPECTS) console.log(`migrations took ${Date.now() - started} ms`);
});

/**
 * What `applyD1Migrations` does (the same statements, recorded in d1_migrations), in one batch instead of
 * a round trip per migration, and only those not yet applied: most files share their runner's storage
 * (the "shared" project of tests/worker/vitest.config.ts), so this is paid once per runner and database.
 * tests/worker/migrations.test.ts still steps through them one by one.
 */
async function applyMigrationsAtOnce(db: D1Database, migrations: D1Migration[]): Promise<void> {
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    )
    .run();
  const applied = new Set(
    (await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map(
      (row) => row.name,
    ),
  );
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  const statements = migrations
    .filter((migration) => !applied.has(migration.name))
    .flatMap((migration) => [
      ...migration.queries.map((query) => db.prepare(query)),
      record.bind(migration.name),
    ]);
  if (statements.length > 0) await db.batch(statements);
}

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
