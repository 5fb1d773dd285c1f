/** The cron triggers of wrangler.toml (every environment), by what each runs. */
export const CRONS = {
  // Hourly: custom domains still waiting for verification are checked again.
  reverifyDomains: "0 * * * *",
  // Every five minutes: KV keys whose update failed are rewritten from D1, and the event shards' copies
  // of their running tests that differ from the main database are rewritten (services/shard-copies.ts).
  repairCache: "*/5 * * * *",
  // Every ten minutes: every test with something due is queued to the autopilot queue, whose consumer
  // ends tests on schedule (within 15 minutes of their end), moves Optimise weights and sends alerts.
  autopilot: "*/10 * * * *",
  // Every fifteen minutes: deleted tests and accounts are purged in chunks, dead letters asked for are
  // replayed, and raw events past the attribution window move from D1 to R2 (worker/archive/run.ts).
  archive: "*/15 * * * *",
  // Every hour on Mondays (UTC): the weekly digest emails, up to 50 members a run, each once a week
  // (worker/services/digest.ts).
  weeklyDigest: "30 * * * MON",
} as const;
