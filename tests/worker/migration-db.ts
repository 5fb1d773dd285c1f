import { applyD1Migrations, env } from "cloudflare:test";
import { eq, getTableColumns } from "drizzle-orm";
import type { EventRow } from "../../worker/archive/rows";
import { getDb } from "../../worker/db/client";
import { type SplitTest, splitTests } from "../../worker/db/schema";

// A database of its own for migration tests: filled with data from before a migration, then migrated.

export const db = env.MIGRATION_TEST_DB;
export const upTo = (name: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name < name);
export const from = (name: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name >= name);
export const between = (first: string, next: string) =>
  env.TEST_MIGRATIONS.filter((migration) => migration.name >= first && migration.name < next);

export async function rows<T>(sql: string): Promise<T[]> {
  return (await db.prepare(sql).all<T>()).results;
}

/**
 * A test as the app reads it, from a database at an older schema: the columns added since take their
 * defaults (null without one), as the migrations that add them give existing rows.
 */
export async function testAtSchema(id: string): Promise<SplitTest> {
  const present = new Set(
    (await rows<{ name: string }>("SELECT name FROM pragma_table_info('split_tests')")).map(
      (row) => row.name,
    ),
  );
  const columns = Object.entries(getTableColumns(splitTests));
  const selected = Object.fromEntries(columns.filter(([, column]) => present.has(column.name)));
  const later = Object.fromEntries(
    columns
      .filter(([, column]) => !present.has(column.name))
      .map(([key, column]) => [key, column.hasDefault ? column.default : null]),
  );
  const [row] = await getDb(db).select(selected).from(splitTests).where(eq(splitTests.id, id));
  if (!row) throw new Error(`no test ${id}`);
  return { ...later, ...row } as SplitTest;
}

/**
 * The mark of the conversions' hours (migrations/0060_conversion_hours.sql) as a database before 0060
 * has it: the consumer counted every conversion in the rollup as it wrote it. The same for the flagged
 * clicks' (0062_flagged_hours.sql): the writer counted each on the traffic quality.
 */
export const BEFORE_CONVERSION_HOURS = Number.MAX_SAFE_INTEGER;

/**
 * The tables today's code reads that later migrations make, so that today's code can read a database at
 * an older schema: 0045's metric_conversions (the events export reads it), made first, which the later
 * run of the migrations skips, as recorded; and, empty, the packs, the mark of the hours compacted (with
 * 0060's and 0062's columns) and the packs before 0057 (0054, 0056, 0057, 0060: the hourly counts and the export read
 * them), which the
 * answered function drops before the migrations that make them run.
 */
export async function withTablesTodaysCodeReads(): Promise<() => Promise<void>> {
  await applyD1Migrations(
    db,
    env.TEST_MIGRATIONS.filter((migration) => migration.name.startsWith("0045_")),
  );
  const standIns = await rows<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('click_packs', 'hour_compaction')",
  );
  if (standIns.length > 0) return async () => {};
  const packs =
    "(id INTEGER PRIMARY KEY, split_test_id TEXT, hour INTEGER, seq INTEGER, sessions BLOB, clicks TEXT)";
  await db.batch([
    db.prepare(`CREATE TABLE click_packs ${packs}`),
    db.prepare(`CREATE TABLE click_packs_before ${packs}`),
    db.prepare(
      `CREATE TABLE hour_compaction (id INTEGER PRIMARY KEY, through INTEGER NOT NULL,
         conversions_from INTEGER NOT NULL DEFAULT ${BEFORE_CONVERSION_HOURS},
         flagged_from INTEGER NOT NULL DEFAULT ${BEFORE_CONVERSION_HOURS})`,
    ),
    db.prepare("INSERT INTO hour_compaction (id, through) VALUES (1, 0)"),
  ]);
  return async () => {
    await db.batch(
      ["click_packs", "click_packs_before", "hour_compaction"].map((table) =>
        db.prepare(`DROP TABLE ${table}`),
      ),
    );
  };
}

/** Back to an empty database (the tests share it): views, then children before the tables they reference. */
export async function emptyDatabase(): Promise<void> {
  for (const { name } of await rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'view'"))
    await db.prepare(`DROP VIEW "${name}"`).run();
  let tables = await rows<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  );
  while (tables.length > 0) {
    const left: { name: string }[] = [];
    for (const table of tables) {
      try {
        await db.prepare(`DROP TABLE "${table.name}"`).run();
      } catch {
        left.push(table);
      }
    }
    if (left.length === tables.length) throw new Error(`cannot drop ${left.map((t) => t.name).join(", ")}`);
    tables = left;
  }
}

const VARIANTS = JSON.stringify([
  { url: "https://shop.example/a", weight: 50 },
  { url: "https://shop.example/b", weight: 50 },
]);

/** Marketer u1, their own workspace (u1) and its tests, A and B at 50 % each, as the schema since workspaces holds them. */
export function marketerWithTests(
  tests: { id: string; name: string; slug: string; currency: string | null }[],
): D1PreparedStatement[] {
  return [
    db.prepare(
      "INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'm@example.com', 'x', 1)",
    ),
    db.prepare(
      "INSERT INTO workspaces (id, name, personal_user_id, created_at) VALUES ('u1', 'Mia', 'u1', 1)",
    ),
    ...tests.map((test, i) =>
      db
        .prepare(
          `INSERT INTO split_tests (id, user_id, workspace_id, name, slug, variants, created_at, currency)
           VALUES (?1, 'u1', 'u1', ?2, ?3, ?4, ?5, ?6)`,
        )
        .bind(test.id, test.name, test.slug, VARIANTS, i + 1, test.currency),
    ),
  ];
}

/**
 * A test's events in the export's shape (worker/archive/rows.ts, eventPage) from a database where clicks
 * are still a table of their own (before migrations/0054_click_packs.sql): what today's export reads of
 * it once migrated.
 */
export async function eventsBeforePacks(testId: string) {
  const metric = (await rows<{ name: string }>("SELECT name FROM pragma_table_info('metric_conversions')"))
    .length;
  return rows<EventRow>(`SELECT * FROM (
      SELECT 'click' AS kind, id, timestamp, variant, session_id, is_bot, NULL AS amount, NULL AS currency, device,
             os, country, referrer_host, NULL AS rule, NULL AS url, phase, NULL AS metric
      FROM clicks WHERE split_test_id = '${testId}'
      UNION ALL
      SELECT 'conversion', id, timestamp, variant, session_id, 0, amount, currency, NULL, NULL, NULL, NULL, NULL,
             NULL, phase, NULL FROM conversions WHERE split_test_id = '${testId}'
      ${
        metric
          ? `UNION ALL
      SELECT 'conversion', id, timestamp, variant, session_id, 0, amount, currency, NULL, NULL, NULL, NULL, NULL,
             NULL, phase, metric FROM metric_conversions WHERE split_test_id = '${testId}'`
          : ""
      }
      UNION ALL
      SELECT 'rule_visit', id, timestamp, '', '', 0, NULL, NULL, NULL, NULL, NULL, NULL, rule, url, NULL, NULL
      FROM rule_visits WHERE split_test_id = '${testId}')
    ORDER BY timestamp, id`);
}
