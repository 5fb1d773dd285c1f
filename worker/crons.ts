/** The cron triggers of wrangler.toml (every environment), by what each runs. */
export const CRONS = {
  // Hourly: custom domains still waiting for verification are checked again.
  reverifyDomains: "0 * * * *",
  // Every five minutes: KV keys whose update failed are rewritten from D1.
  repairCache: "*/5 * * * *",
  // Every ten minutes: tests end on schedule (within 15 minutes of their end) and alerts go out.
  autopilot: "*/10 * * * *",
} as const;
