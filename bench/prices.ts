// Cloudflare's published prices (Workers Paid, beyond what the plan includes), the one price table of
// the benchmarks, in dollars per unit. Each checked on PRICES_AS_OF against Cloudflare's pricing pages
// (their source, the cloudflare-docs repository, read with the `search` tool):
// - D1: https://developers.cloudflare.com/d1/platform/pricing/ ($1.00 a million rows written, $0.001 a
//   million rows read, $0.75 a GB-month; "a row that is 1 KB and a row that is 100 KB both count as one row")
// - Queues: https://developers.cloudflare.com/queues/platform/pricing/ ($0.40 a million operations, an
//   operation per 64 KB written, read or deleted: 3 a message)
// - Workers: https://developers.cloudflare.com/workers/platform/pricing/ ($0.30 a million requests)
// - KV: https://developers.cloudflare.com/kv/platform/pricing/ ($0.50 a million reads; a click writes none)
// - R2: https://developers.cloudflare.com/r2/pricing/ (Standard: $4.50 a million class A, $0.015 a
//   GB-month; class B reads, $0.36 a million, are the export's, not a click's)
// - Durable Objects: https://developers.cloudflare.com/durable-objects/platform/pricing/ ($0.15 a million
//   requests, each RPC call one; $12.50 a million GB-s of duration, billed at 128 MB while active)

/** The day the prices below were last checked against the pages above. */
export const PRICES_AS_OF = "2026-11-29";

export const PRICES = {
  d1RowWritten: 1.0 / 1e6,
  d1RowRead: 0.001 / 1e6,
  /** A message costs three operations: write, read, delete. */
  queueOperation: 0.4 / 1e6,
  workersRequest: 0.3 / 1e6,
  kvRead: 0.5 / 1e6,
  /** Class A: an object written. */
  r2ClassA: 4.5 / 1e6,
  d1GbMonth: 0.75,
  r2GbMonth: 0.015,
  durableObjectRequest: 0.15 / 1e6,
  /** A GB-second of a Durable Object's duration (128 MB for each second it is active: 0.125 GB-s). */
  durableObjectGbSecond: 12.5 / 1e6,
} as const;

export const QUEUE_OPERATIONS_PER_MESSAGE = 3;

/** What a click uses, each per click. */
export interface UsePerClick {
  d1RowsWritten: number;
  d1RowsRead: number;
  queueMessages: number;
  workersRequests: number;
  kvReads: number;
  r2Writes: number;
  /** D1 bytes times the months they stay (the attribution window and a day). */
  d1GbMonths: number;
  /** R2 bytes of the archive, for one month kept. */
  r2GbMonths: number;
  durableObjectRequests: number;
  durableObjectGbSeconds: number;
}

/** Dollars per million clicks, by item and in all. */
export function dollarsPerMillion(use: UsePerClick) {
  const items = {
    "D1 rows written": use.d1RowsWritten * PRICES.d1RowWritten,
    "D1 rows read": use.d1RowsRead * PRICES.d1RowRead,
    "queue operations": use.queueMessages * QUEUE_OPERATIONS_PER_MESSAGE * PRICES.queueOperation,
    "Workers requests": use.workersRequests * PRICES.workersRequest,
    "KV reads": use.kvReads * PRICES.kvRead,
    "R2 writes (class A)": use.r2Writes * PRICES.r2ClassA,
    "D1 storage": use.d1GbMonths * PRICES.d1GbMonth,
    "R2 storage, a month": use.r2GbMonths * PRICES.r2GbMonth,
    "Durable Objects requests": use.durableObjectRequests * PRICES.durableObjectRequest,
    "Durable Objects duration": use.durableObjectGbSeconds * PRICES.durableObjectGbSecond,
  };
  const perMillion = Object.fromEntries(
    Object.entries(items).map(([item, dollars]) => [item, dollars * 1e6]),
  );
  const total = Object.values(perMillion).reduce((sum, dollars) => sum + dollars, 0);
  return { items: perMillion, total };
}
