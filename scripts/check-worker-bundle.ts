import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { OFFLINE_ENV } from "./processes.ts";

// Builds the Worker for every deploy environment with `wrangler deploy --dry-run` (offline: the bundle
// builds and the bindings of wrangler.toml are valid) and fails when
// - its gzip size passes the budget: a new isolate parses all of it before its first answer
//   (Cloudflare's own limit is 3 MB gzip on the Free plan; bench/RESULTS.md, "Cold start");
// - a module that builds what the redirect does not use is loaded at startup, i.e. reached from
//   worker/index.ts by static imports alone (docs/architecture.md, "Loading on demand"). esbuild runs
//   those modules' top level before the first request; what only `import()` reaches runs on first use.
// 150 until issue #34: workspaces, members, history, shares and the report page took it to 164 KiB, and
// bench/startup.ts measured the script's startup time unchanged (median 1.1 ms at 142 and at 164 KiB;
// bench/RESULTS.md §7). 175 until issue #36 and #35: the integrations (Stripe, Slack, GA4) and the event
// shards took it to 180.6 KiB, and the script's startup time measured unchanged again (median 1.1 ms;
// bench/RESULTS.md §7). 200 until issues #48–#50: several metrics, the MCP server and plain links took it
// to 205.3 KiB, and the script's startup measured level with a millisecond of top-level work again
// (3.5 ms against the reference's 2.9 in the same alternation; bench/RESULTS.md §7). 225 until issue #51's
// conversions' segments and flagged clicks by the hour took it to 225.6 KiB, with the script's startup
// level with the build before them in the same alternation (8.1 ms against 8.2; bench/RESULTS.md §7). The
// budget stays a tripwire for the next jump, not a target.
export const GZIP_BUDGET_KIB = 230;
const ENVIRONMENTS = ["staging", "production"];
const ENTRY = "worker/index.ts";

/** Modules that must not run at startup, by what they build. */
export const NOT_AT_STARTUP: { pattern: RegExp; builds: string }[] = [
  { pattern: /^worker\/(app\.ts|routes\/|middleware\/)/, builds: "the Hono app and its routes" },
  { pattern: /node_modules\/hono\/dist\/hono(-base)?\.js$/, builds: "the Hono app" },
  { pattern: /^(worker\/openapi|contract\/api)\//, builds: "API schemas, the OpenAPI document" },
  { pattern: /node_modules\/zod\//, builds: "zod, zod/mini too (config.ts checks by hand)" },
  { pattern: /^worker\/db\/schema\.ts$/, builds: "the drizzle tables" },
  { pattern: /node_modules\/drizzle-orm\//, builds: "drizzle" },
  { pattern: /^worker\/(mail|services)\//, builds: "mail templates, the services" },
  { pattern: /^worker\/webhooks\//, builds: "webhook deliveries" },
];

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** The modules a new isolate runs before its first request: those static imports reach from the entry. */
export function loadedAtStartup(meta: Metafile): string[] {
  if (!meta.inputs[ENTRY]) throw new Error(`${ENTRY} is not in the bundle's metafile`);
  const seen = new Set([ENTRY]);
  const next = [ENTRY];
  for (let path = next.pop(); path !== undefined; path = next.pop()) {
    for (const imported of meta.inputs[path]?.imports ?? []) {
      if (imported.kind !== "import-statement" || imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      next.push(imported.path);
    }
  }
  return [...seen];
}

function main(): void {
  let failed = false;
  for (const environment of ENVIRONMENTS) {
    const outdir = mkdtempSync(join(tmpdir(), `splitlink-bundle-${environment}-`));
    try {
      const metafile = join(outdir, "meta.json");
      execFileSync(
        "wrangler",
        ["deploy", "--dry-run", "--outdir", outdir, "--metafile", metafile, "--env", environment],
        { env: OFFLINE_ENV, stdio: ["ignore", "pipe", "inherit"] },
      );
      const gzipKib = gzipSync(readFileSync(join(outdir, "index.js"))).length / 1024;
      const verdict = gzipKib <= GZIP_BUDGET_KIB ? "ok" : "OVER BUDGET";
      console.log(
        `Worker bundle (${environment}): ${gzipKib.toFixed(1)} KiB gzip, budget ${GZIP_BUDGET_KIB} KiB: ${verdict}`,
      );
      if (gzipKib > GZIP_BUDGET_KIB) failed = true;

      const atStartup = loadedAtStartup(JSON.parse(readFileSync(metafile, "utf8")));
      const wrong = atStartup.flatMap((path) =>
        NOT_AT_STARTUP.filter(({ pattern }) => pattern.test(path)).map(({ builds }) => `${path} (${builds})`),
      );
      if (wrong.length > 0) {
        failed = true;
        console.log(
          `Worker startup (${environment}): loaded by static imports from ${ENTRY}, import() them where first used instead:\n  ${wrong.join("\n  ")}`,
        );
      } else {
        console.log(`Worker startup (${environment}): ${atStartup.length} modules, none of the app's: ok`);
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }
  if (failed) process.exit(1);
}

// The bench imports the budget; only `npm run check:bundle` runs the check.
if (process.argv[1] === fileURLToPath(import.meta.url)) main();
