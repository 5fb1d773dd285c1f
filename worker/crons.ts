/** The cron triggers of wrangler.toml (every environment), by what each runs. */
export const CRONS = {
  // Hourly: custom domains still waiting for verification are checked again.
  reverifyDomains: "0 * * * *",
  // Every five minutes: KV keys whose update failed are rewritten from D1.
  repairCache: "*/5 * * * *",
} as const;
