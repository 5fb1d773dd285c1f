import { env } from "cloudflare:test";

// A database of its own for migration tests: filled with data from before a migration, then migrated.

export const db = env.MIGRATION_TEST_DB;
export const upTo = (name: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name < name);
export const from = (name: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name >= name);
export const between = (first: string, next: string) =>
  env.TEST_MIGRATIONS.filter((migration) => migration.name >= first && migration.name < next);

export async function rows<T>(sql: string): Promise<T[]> {
  return (await db.prepare(sql).all<T>()).results;
}

/** Back to an empty database (the tests share it): children before the tables they reference. */
export async function emptyDatabase(): Promise<void> {
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
