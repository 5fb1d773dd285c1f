import type { ChildProcess } from "node:child_process";

/**
 * The environment the scripts, tests and benches run wrangler in: offline, so none asks Cloudflare for
 * `request.cf` data or sends it metrics.
 */
export const OFFLINE_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

/** Keeps what a child prints, stdout and stderr as they come; the answer reads it so far. */
export function outputOf(child: ChildProcess): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}
