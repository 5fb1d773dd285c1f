import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { OFFLINE_ENV } from "./processes.ts";

// Applies migrations/ to every D1 database of a wrangler.toml environment: the main one (DB) and each
// event shard (EVENTS_<n>): they all run the same migrations (docs/architecture.md, "Event shards").
// `node scripts/migrate-shards.ts --local [--persist-to DIR]` (npm run db:migrate, the browser tests),
// `--remote --env production` (deploy); other arguments go to every `wrangler d1 migrations apply`.

const CONFIG = fileURLToPath(new URL("../wrangler.toml", import.meta.url));
const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));
/** wrangler's record of the applied migrations: the same table, so either can apply the next ones. */
const MIGRATIONS_TABLE = "d1_migrations";

/** The D1 bindings of `environment` (undefined: the top level) in wrangler.toml's text, in order. */
export function d1Bindings(toml: string, environment?: string): string[] {
  const header = environment ? `[[env.${environment}.d1_databases]]` : "[[d1_databases]]";
  const bindings: string[] = [];
  let inBlock = false;
  for (const line of toml.split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith("[")) inBlock = trimmed === header;
    const binding = inBlock ? /^binding\s*=\s*"([^"]+)"/.exec(trimmed) : null;
    if (binding?.[1]) bindings.push(binding[1]);
  }
  return bindings;
}

function flagValue(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * Runs the migrations on every database of the environment named in `args` (`--env NAME`). `quiet`:
 * wrangler's output is printed only when a migration fails. A remote deploy keeps wrangler's prompt to
 * confirm at a terminal.
 */
export async function migrateShards(args: string[], { quiet = false } = {}): Promise<string[]> {
  const environment = flagValue(args, "--env");
  const bindings = d1Bindings(readFileSync(CONFIG, "utf8"), environment);
  if (!bindings.includes("DB"))
    throw new Error(`wrangler.toml binds no DB for ${environment ?? "local runs"}`);
  if (!args.includes("--remote")) {
    if (!quiet) console.log(`Applying migrations/ to ${bindings.join(", ")} in one local runtime…`);
    await migrateLocally(bindings, flagValue(args, "--persist-to") ?? ".wrangler/state", environment);
    return bindings;
  }
  if (!quiet) console.log(`Applying migrations/ to ${bindings.join(", ")}, one after another…`);
  for (const binding of bindings) {
    try {
      execFileSync("wrangler", ["d1", "migrations", "apply", binding, ...args], {
        env: OFFLINE_ENV,
        stdio: quiet ? "pipe" : "inherit",
      });
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
      if (quiet) process.stdout.write(`${stdout}${stderr}`);
      throw error;
    }
  }
  return bindings;
}

/**
 * The local databases migrated in one runtime, as `wrangler d1 migrations apply --local` would: each
 * migration not yet in the databases' `d1_migrations` in one batch (one transaction) with its record.
 * wrangler itself starts a fresh runtime for every migration of every database (~100 starts, 82 s of
 * `npm start` on a quiet machine); one start serves them all. One database after another: side by side
 * was not faster on 2 cores, and all migrations in one batch lost the runtime's connection when tried.
 */
async function migrateLocally(bindings: string[], persistTo: string, environment?: string) {
  const { getPlatformProxy, unstable_splitSqlQuery } = await import("wrangler");
  // The runtime serves the databases only: without the Worker's own Durable Object classes, which it
  // would warn it cannot run.
  const databasesOnly = configWithoutDurableObjects("migrate");
  const proxy = await getPlatformProxy<Record<string, D1Database>>({
    configPath: databasesOnly,
    environment,
    persist: { path: join(persistTo, "v3") },
    remoteBindings: false,
  }).finally(() => rmSync(databasesOnly, { force: true }));
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  try {
    for (const binding of bindings) {
      const db = proxy.env[binding];
      if (!db) throw new Error(`No local D1 database for ${binding}`);
      await db
        .prepare(
          `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
        )
        .run();
      const applied = new Set(
        (await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>()).results.map(
          (row) => row.name,
        ),
      );
      for (const name of migrations.filter((migration) => !applied.has(migration))) {
        const sql = readFileSync(join(MIGRATIONS, name), "utf8");
        const statements = unstable_splitSqlQuery(sql).map((query) => db.prepare(query));
        statements.push(db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(name));
        try {
          await db.batch(statements);
        } catch (error) {
          throw new Error(`${name} failed on ${binding}: ${(error as Error).message}`, { cause: error });
        }
      }
    }
  } finally {
    await proxy.dispose();
  }
}

/**
 * A copy of wrangler.toml without its Durable Object bindings and class migrations, for a runtime that does
 * not run the Worker's own classes; written beside it (`wrangler.<use>-<pid>.toml`, ignored by git) so its
 * relative paths hold. The caller removes it.
 */
export function configWithoutDurableObjects(use: string): string {
  const copy = fileURLToPath(new URL(`../wrangler.${use}-${process.pid}.toml`, import.meta.url));
  const blocks = readFileSync(CONFIG, "utf8").split(/\n(?=\[)/);
  const kept = blocks.filter(
    (block) => !/^\[\[(env\.\w+\.)?(durable_objects\.bindings|migrations)\]\]/.test(block),
  );
  writeFileSync(copy, kept.join("\n"));
  return copy;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await migrateShards(process.argv.slice(2));
