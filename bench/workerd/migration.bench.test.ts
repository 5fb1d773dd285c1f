import { applyD1Migrations } from "cloudflare:test";
import { expect, inject, it } from "vitest";
import { db, emptyDatabase, from, marketerWithTests, rows, upTo } from "../../tests/worker/migration-db";
import { fixed, printTable } from "../table";

// migrations/0059_conversions_one_row.sql on a shard's conversions over the window at the volume a shard
// holds (docs/capacity.md: some 1.39 million clicks a day, 3 % converting, 31 days: 1.3 million), in
// the local D1 of the Workers runtime: how long the move takes, and each step of 250,000, against D1's
// 30 s for one statement. Every conversion reads back as it was (a digest of every column). BENCH_SCALE
// scales the conversions.
const SCALE = inject("benchScale");
const CONVERSIONS = Math.round(1_300_000 * SCALE);
const TESTS = 20;
const FILL_STEP = 100_000;
const DAY = 86_400_000;
const COLUMNS = "id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase";
// Every column of every row in one figure: the same rows give the same digest whatever their order.
const DIGEST = `SELECT count(*) AS n, total(timestamp) AS ts, total(coalesce(amount, -1)) AS amount,
    total(unicode(substr(id, -1)) * length(id)) AS ids, total(unicode(substr(session_id, -2)) + phase) AS sessions,
    total(length(coalesce(address, '')) + length(coalesce(currency, '')) + length(source) + unicode(variant)
          + unicode(substr(split_test_id, -1))) AS rest
  FROM conversions`;

it(`moves ${CONVERSIONS} conversions into the table without rowid, all within D1's 30 s for one statement, and the database does not double`, async () => {
  await emptyDatabase();
  await applyD1Migrations(db, upTo("0059"));
  await db.batch(
    marketerWithTests(
      Array.from({ length: TESTS }, (_, i) => ({
        id: `test${String(i).padStart(6, "0")}`,
        name: `Test ${i}`,
        slug: `slug${i}`,
        currency: i % 2 ? "EUR" : null,
      })),
    ),
  );
  const start = Date.now() - 31 * DAY;
  for (let at = 0; at < CONVERSIONS; at += FILL_STEP) {
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
         INSERT INTO conversions (${COLUMNS})
         SELECT printf('%012X', i * 2654435761 % 281474976710656), printf('test%06d', i % ${TESTS}),
                CASE i % 2 WHEN 0 THEN 'A' ELSE 'B' END,
                printf('0192f3a4-%04x-7%03x-8%03x-%012x', i % 65536, i % 4096, i % 4096, i),
                ?3 + i * (31 * ${DAY} / ?4), CASE WHEN i % 3 = 0 THEN i % 10000 END,
                CASE WHEN i % 3 = 0 THEN 'EUR' END, CASE WHEN i % 4 = 0 THEN 'server' ELSE 'beacon' END,
                CASE WHEN i % 4 <> 0 THEN printf('ad%06d', i % 50000) END, 1 + i % 2
         FROM n`,
      )
      .bind(at, Math.min(CONVERSIONS, at + FILL_STEP), start, CONVERSIONS)
      .run();
  }
  const before = await rows(DIGEST);
  const size = async () => (await db.prepare("SELECT 1").run()).meta.size_after / 1e6;
  const sizeBefore = await size();

  const began = Date.now();
  await applyD1Migrations(db, from("0059"));
  const seconds = (Date.now() - began) / 1000;
  const sizeAfter = await size();

  expect(await rows(DIGEST)).toEqual(before);
  const [table] = await rows<{ sql: string }>(
    "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'conversions'",
  );
  expect(table?.sql).toContain("WITHOUT ROWID");
  // A step's rows take the pages the step before freed: the file grows by far less than a copy.
  expect(sizeAfter).toBeLessThan(sizeBefore * 1.5);
  const steps = Math.max(1, Math.ceil(CONVERSIONS / 250_000));
  printTable(
    "migrations/0059_conversions_one_row.sql in local D1 (copy and delete in steps of 250,000, indexes built after)",
    [
      {
        conversions: CONVERSIONS,
        "the migration, s": fixed(seconds, 1),
        steps,
        "a step, s (mean)": fixed(seconds / steps, 1),
        "D1 MB before": fixed(sizeBefore, 0),
        "D1 MB after": fixed(sizeAfter, 0),
      },
    ],
    `conversions migration: ${CONVERSIONS} conversions moved in ${fixed(seconds, 1)} s, ${steps} steps of at most 250,000 (${fixed(seconds / steps, 1)} s a step with the index builds); D1 ${fixed(sizeBefore, 0)} MB before, ${fixed(sizeAfter, 0)} MB after`,
  );
  await emptyDatabase();
});
