import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OFFLINE_ENV } from "./processes.ts";

// Applies migrations/ to every D1 database of a wrangler.toml environment: the main one (DB) and each
// event shard (EVENTS_<n>): they all run the same migrations (docs/architecture.md, "Event shards").
// `node scripts/migrate-shards.ts --local` (npm run db:migrate), `--remote --env production` (deploy);
// other arguments (--persist-to DIR) go to every `wrangler d1 migrations apply`.

const CONFIG = fileURLToPath(new URL("../wrangler.toml", import.meta.url));

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

/**
 * Runs the migrations on every database of the environment named in `args` (`--env NAME`), one at a time:
 * wrangler starts a local runtime for each, and two runtimes on one persist directory can find its SQLite
 * files locked (SQLITE_BUSY_RECOVERY, seen in CI on 28 Nov). `quiet`: wrangler's output is printed only
 * when a migration fails. A remote deploy keeps wrangler's prompt to confirm at a terminal.
 */
export function migrateShards(args: string[], { quiet = false } = {}): string[] {
  const envAt = args.indexOf("--env");
  const environment = envAt >= 0 ? args[envAt + 1] : undefined;
  const bindings = d1Bindings(readFileSync(CONFIG, "utf8"), environment);
  if (!bindings.includes("DB"))
    throw new Error(`wrangler.toml binds no DB for ${environment ?? "local runs"}`);
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

if (process.argv[1] === fileURLToPath(import.meta.url)) migrateShards(process.argv.slice(2));
