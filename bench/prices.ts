// Cloudflare's published prices (Workers Paid, beyond what the plan includes), the one price table of
// the benchmarks, in dollars per unit. Each checked on PRICES_AS_OF against Cloudflare's pricing pages
// (their source, the cloudflare-docs repository, read with the `search` tool):
// - D1: https://developers.cloudflare.com/d1/platform/pricing/ ($1.00 a million rows written, $0.001 a
//   million rows read, $0.75 a GB-month; "a row that is 1 KB and a row that is 100 KB both count as one row")
// - Queues: https://developers.cloudflare.com/queues/platform/pricing/ ($0.40 a million operations, an
//   operation per 64 KB written, read or deleted: 3 a message)
// - Workers: https://developers.cloudflare.com/workers/platform/pricing/ ($0.30 a million requests,
//   $0.02 a million CPU milliseconds; the plan $5 a month)
// - KV: https://developers.cloudflare.com/kv/platform/pricing/ ($0.50 a million reads; a click writes none)
// - R2: https://developers.cloudflare.com/r2/pricing/ (Standard: $4.50 a million class A, $0.015 a
//   GB-month; class B reads, $0.36 a million, are the export's, not a click's)
// - Durable Objects: https://developers.cloudflare.com/durable-objects/platform/pricing/ ($0.15 a million
//   requests, each RPC call one; $12.50 a million GB-s of duration, billed at 128 MB while active)
// What the plan includes each month, from the same pages, is in INCLUDED_A_MONTH: a month's bill
// (monthlyBill) counts only what goes past it, and the plan's price.

/** The day the prices below were last checked against the pages above. */
export const PRICES_AS_OF = "2026-11-29";

export const PRICES = {
  d1RowWritten: 1.0 / 1e6,
  d1RowRead: 0.001 / 1e6,
  /** A message costs three operations: write, read, delete. */
  queueOperation: 0.4 / 1e6,
  workersRequest: 0.3 / 1e6,
  workersCpuMs: 0.02 / 1e6,
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

/** The Workers Paid plan's price, a month for the account. */
export const PLAN_DOLLARS_A_MONTH = 5;

/** What a click uses, each per click. */
export interface UsePerClick {
  d1RowsWritten: number;
  d1RowsRead: number;
  queueMessages: number;
  workersRequests: number;
  /** The CPU time of those requests, in milliseconds (Workers Standard bills it). */
  workersCpuMs: number;
  kvReads: number;
  r2Writes: number;
  /** D1 bytes times the months they stay (the attribution window and a day). */
  d1GbMonths: number;
  /** R2 bytes of the archive, for one month kept. */
  r2GbMonths: number;
  durableObjectRequests: number;
  durableObjectGbSeconds: number;
}

/** Each item of the use: its name on the bill and the dollars of one unit of it. */
const ITEMS: Record<keyof UsePerClick, { name: string; price: number }> = {
  d1RowsWritten: { name: "D1 rows written", price: PRICES.d1RowWritten },
  d1RowsRead: { name: "D1 rows read", price: PRICES.d1RowRead },
  queueMessages: { name: "queue operations", price: QUEUE_OPERATIONS_PER_MESSAGE * PRICES.queueOperation },
  workersRequests: { name: "Workers requests", price: PRICES.workersRequest },
  workersCpuMs: { name: "Workers CPU time", price: PRICES.workersCpuMs },
  kvReads: { name: "KV reads", price: PRICES.kvRead },
  r2Writes: { name: "R2 writes (class A)", price: PRICES.r2ClassA },
  d1GbMonths: { name: "D1 storage", price: PRICES.d1GbMonth },
  r2GbMonths: { name: "R2 storage, a month", price: PRICES.r2GbMonth },
  durableObjectRequests: { name: "Durable Objects requests", price: PRICES.durableObjectRequest },
  durableObjectGbSeconds: { name: "Durable Objects duration", price: PRICES.durableObjectGbSecond },
};

/**
 * What the Workers Paid plan includes each month, in the units of UsePerClick (the pages above): 10
 * million requests and 30 million CPU milliseconds; D1's 25 billion rows read, 50 million written and 5
 * GB; Queues' 1 million operations; KV's 10 million reads; R2's 1 million class A operations and 10
 * GB-months; Durable Objects' 1 million requests and 400,000 GB-s. The account's allowance: what the
 * app uses besides the clicks (the dashboard, the API, the crons) takes from it too.
 */
export const INCLUDED_A_MONTH: Record<keyof UsePerClick, number> = {
  d1RowsWritten: 50e6,
  d1RowsRead: 25e9,
  queueMessages: 1e6 / QUEUE_OPERATIONS_PER_MESSAGE,
  workersRequests: 10e6,
  workersCpuMs: 30e6,
  kvReads: 10e6,
  r2Writes: 1e6,
  d1GbMonths: 5,
  r2GbMonths: 10,
  durableObjectRequests: 1e6,
  durableObjectGbSeconds: 400_000,
};

const KEYS = Object.keys(ITEMS) as (keyof UsePerClick)[];
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Dollars per million clicks, by item and in all: each unit at its price, as if none were included. */
export function dollarsPerMillion(use: UsePerClick) {
  const items = Object.fromEntries(KEYS.map((key) => [ITEMS[key].name, use[key] * ITEMS[key].price * 1e6]));
  return { items, total: sum(Object.values(items)) };
}

/**
 * A month's bill for `clicks` a month: the plan's price and, of each item, what goes past what the plan
 * includes. In all, and per million clicks.
 */
export function monthlyBill(use: UsePerClick, clicks: number) {
  const beyond = KEYS.map((key) => Math.max(0, use[key] * clicks - INCLUDED_A_MONTH[key]) * ITEMS[key].price);
  const total = PLAN_DOLLARS_A_MONTH + sum(beyond);
  return { total, perMillion: (total / clicks) * 1e6 };
}
