import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// Builds the Worker for every deploy environment with `wrangler deploy --dry-run` (offline: the bundle
// builds and the bindings of wrangler.toml are valid) and fails when its gzip size passes the budget.
// Cloudflare's own limit is 3 MB gzip on the Free plan; the budget keeps the cold start small.
export const GZIP_BUDGET_KIB = 300;
const ENVIRONMENTS = ["staging", "production"];

const offline = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
let failed = false;
for (const environment of ENVIRONMENTS) {
  const outdir = mkdtempSync(join(tmpdir(), `splitlink-bundle-${environment}-`));
  try {
    execFileSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir, "--env", environment], {
      env: offline,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const gzipKib = gzipSync(readFileSync(join(outdir, "index.js"))).length / 1024;
    const verdict = gzipKib <= GZIP_BUDGET_KIB ? "ok" : "OVER BUDGET";
    console.log(
      `Worker bundle (${environment}): ${gzipKib.toFixed(1)} KiB gzip, budget ${GZIP_BUDGET_KIB} KiB: ${verdict}`,
    );
    if (gzipKib > GZIP_BUDGET_KIB) failed = true;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
if (failed) process.exit(1);
