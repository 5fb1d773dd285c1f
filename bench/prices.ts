// Cloudflare's published prices as of 2026-11 (Workers Paid, beyond what the plan includes), the one
// price table of the benchmarks. Sources: developers.cloudflare.com/d1/platform/pricing/,
// /queues/platform/pricing/, /workers/platform/pricing/, /kv/platform/pricing/ and /r2/pricing/.
// Dollars per unit.

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
  };
  const perMillion = Object.fromEntries(
    Object.entries(items).map(([item, dollars]) => [item, dollars * 1e6]),
  );
  const total = Object.values(perMillion).reduce((sum, dollars) => sum + dollars, 0);
  return { items: perMillion, total };
}
