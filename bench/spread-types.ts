// The types of the production-like spread (bench/spread.ts), apart from its code: the spread imports
// the Worker's producer and is checked with the Worker (worker/tsconfig.json), while the Node side that
// reads wrangler.toml and prints the report (scripts/tsconfig.json) needs only these.

/** The clicks queue's consumer settings (wrangler.toml). */
export interface ClicksConsumer {
  maxBatchSize: number;
  maxBatchTimeoutSeconds: number;
}

export interface SpreadOptions {
  clicksPerDay: number;
  consumer: ClicksConsumer;
  /** The producer's window; BATCH_WINDOW_MS (worker/queue/producer.ts) unless given. */
  windowMs?: number;
  locations?: number;
  zipfExponent?: number;
  isolatesPerLocation?: number;
  diurnalAmplitude?: number;
  /** Hours simulated (24: a day). */
  hours?: number;
  seed?: number;
  /** Keeps every `keepEvery`-th consumer batch's shape (events per message) for the capacity bench. */
  keepEvery?: number;
}

export interface Spread {
  windowMs: number;
  clicks: number;
  messages: number;
  batches: number;
  eventsPerMessage: number;
  messagesPerBatch: number;
  eventsPerBatch: number;
  messagesPerClick: number;
  batchesPerClick: number;
  /** The share of clicks that travel alone in their message. */
  aloneShare: number;
  /** The most messages sent in one second of the day (Queues takes 5,000 a second per queue). */
  peakMessagesPerSecond: number;
  /** Every `keepEvery`-th consumer batch as its messages' event counts, when asked. */
  batchShapes?: number[][];
}

/** What bench/spread-report.ts uses of bench/spread.ts, loaded by Vite's module runner. */
export interface SpreadModule {
  simulateSpread(options: SpreadOptions): Spread;
  LOCATIONS: number;
  ZIPF_EXPONENT: number;
  ISOLATES_PER_LOCATION: number;
  SEED: number;
}
