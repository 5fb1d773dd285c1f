import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SIGHTING_KINDS } from "../../../contract/tracking";
import { CONVERSION_ORIGINS } from "../../../contract/trust";
import { VARIANT_LABELS } from "../../../contract/variants";
import { splitTests, users } from "./main";

// The event shards' tables (worker/db/shards.ts): a test's clicks, conversions, rule visits, sightings
// and rollups, in its shard. Mirrors migrations/*.sql, as ./main.ts does; each shard also keeps a copy
// of its tests' rows (split_tests, test_phases, weight_history), defined there.

/** What every event row has: its id (the event id, so a redelivery inserts nothing), test, arm and visitor. */
const eventColumns = () => ({
  id: text("id").notNull(),
  splitTestId: text("split_test_id")
    .notNull()
    .references(() => splitTests.id, { onDelete: "cascade" }),
  variant: text("variant", { enum: VARIANT_LABELS }).notNull(),
  // The phase it counts in: migrations/0018_phases.sql.
  phase: integer("phase").notNull().default(1),
});

/**
 * Every click, many to a row (migrations/0054_click_packs.sql, worker/db/click-packs.ts): one pack per
 * test and clock hour for each write of the shard's writer. The view `clicks` reads them one click a row.
 * WITHOUT ROWID (migrations/0057_packs_one_row.sql: a pack written is one row, not a row and its key).
 */
export const clickPacks = sqliteTable(
  "click_packs",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    hour: integer("hour").notNull(),
    seq: integer("seq").notNull(),
    // A JSON array of clicks, each an array in the order of worker/db/click-packs.ts.
    clicks: text("clicks").notNull(),
    // The bytes of its counted clicks' sessions, one after another: how a session's clicks are found.
    sessions: blob("sessions", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.hour, t.seq] })],
);

/**
 * A conversion's segment for the breakdowns: its visitor's first human click's (migrations/0045_metrics.sql,
 * 0061_conversion_segments.sql).
 */
const segmentColumns = () => ({
  device: text("device"),
  os: text("os"),
  country: text("country"),
  referrerHost: text("referrer_host"),
});

/**
 * A conversion, one row each. WITHOUT ROWID (migrations/0059_conversions_one_row.sql: its id is the key,
 * so a conversion written is the row and its three indexes' entries, not a rowid's key besides).
 */
export const conversions = sqliteTable(
  "conversions",
  {
    ...eventColumns(),
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    timestamp: integer("timestamp").notNull(),
    // Minor units (cents) and ISO 4217 currency, both or neither.
    amount: integer("amount"),
    currency: text("currency"),
    // The tag's beacon or the server-side API; the credited click's address hash (0016_trust.sql).
    source: text("source", { enum: CONVERSION_ORIGINS }).notNull().default("beacon"),
    address: text("address"),
    ...segmentColumns(),
  },
  (t) => [
    uniqueIndex("conversions_test_session_idx").on(t.splitTestId, t.sessionId),
    index("conversions_test_time_idx").on(t.splitTestId, t.timestamp),
    index("conversions_test_address_idx")
      .on(t.splitTestId, t.address, t.timestamp)
      .where(sql`address IS NOT NULL`),
  ],
);

/** A secondary or guardrail metric's conversions: migrations/0045_metrics.sql, 0064_metric_conversion_addresses.sql. */
export const metricConversions = sqliteTable(
  "metric_conversions",
  {
    ...eventColumns(),
    id: text("id").primaryKey(),
    metric: text("metric").notNull(),
    sessionId: text("session_id").notNull(),
    timestamp: integer("timestamp").notNull(),
    amount: integer("amount"),
    currency: text("currency"),
    source: text("source", { enum: CONVERSION_ORIGINS }).notNull().default("beacon"),
    // The credited click's address hash, as a conversion's (0064_metric_conversion_addresses.sql).
    address: text("address"),
    ...segmentColumns(),
  },
  (t) => [
    uniqueIndex("metric_conversions_test_metric_session_idx").on(t.splitTestId, t.metric, t.sessionId),
    index("metric_conversions_test_time_idx").on(t.splitTestId, t.timestamp),
    index("metric_conversions_test_address_idx")
      .on(t.splitTestId, t.metric, t.address, t.timestamp)
      .where(sql`address IS NOT NULL`),
  ],
);

export const testStatsHourly = sqliteTable(
  "test_stats_hourly",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    phase: integer("phase").notNull().default(1),
    hour: integer("hour").notNull(),
    variant: text("variant", { enum: VARIANT_LABELS }).notNull(),
    clicks: integer("clicks").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
    // Valued conversions, their revenue and its sum of squares, in minor units.
    orders: integer("orders").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
    revenueSquares: integer("revenue_squares").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.phase, t.hour, t.variant] })],
);

/** Server-side conversions' Idempotency-Keys and their first answer, for 24 hours. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    claim: text("claim").notNull(),
    status: integer("status"),
    conversionId: text("conversion_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

export const SEGMENT_DIMENSIONS = ["device", "os", "country", "referrer"] as const;

/** The breakdowns' rollup: visitors and conversions per test, variant, dimension and value ('' unknown). */
export const testSegments = sqliteTable(
  "test_segments",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    variant: text("variant", { enum: VARIANT_LABELS }).notNull(),
    dimension: text("dimension", { enum: SEGMENT_DIMENSIONS }).notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.variant, t.dimension, t.value] })],
);

/**
 * How far test_segments holds a test's visitors: those of clicks before `through`; the later ones are
 * its clicks marked first_of_session. No row: the consumer counts them all (worker/db/segments.ts).
 */
export const segmentCompaction = sqliteTable(
  "segment_compaction",
  {
    splitTestId: text("split_test_id")
      .primaryKey()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    through: integer("through").notNull(),
    // The conversions before it were counted by the consumer: 0061_conversion_segments.sql.
    conversionsFrom: integer("conversions_from").notNull().default(0),
  },
  (t) => [index("segment_compaction_through_idx").on(t.through)],
);

/** Visits the audience rules sent to a fixed URL (rule null: the fallback URL); never an arm's click. */
export const ruleVisits = sqliteTable(
  "rule_visits",
  {
    id: text("id").primaryKey(),
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    rule: integer("rule"),
    url: text("url").notNull(),
    timestamp: integer("timestamp").notNull(),
  },
  (t) => [index("rule_visits_test_time_idx").on(t.splitTestId, t.timestamp)],
);

/** The rules' rollup (counted by the queue consumer once per batch: worker/queue/rule-visits.ts): visits per rule position (-1: the fallback URL) and URL. */
export const ruleVisitCounts = sqliteTable(
  "rule_visit_counts",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    rule: integer("rule").notNull(),
    url: text("url").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.rule, t.url] })],
);

/** What SplitLink did not count of a test, by reason (contract/trust.ts): migrations/0016_trust.sql. */
export const trafficQuality = sqliteTable(
  "traffic_quality",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    events: integer("events").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.reason] })],
);

/**
 * The events trafficQuality has counted, by id, for the attribution window: a redelivered one adds
 * nothing (migrations/0051_traffic_quality_events.sql).
 */
export const trafficQualityEvents = sqliteTable(
  "traffic_quality_events",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    timestamp: integer("timestamp").notNull(),
    id: text("id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.timestamp, t.id] })],
);

/** Where the tag last ran for a test, by kind: migrations/0017_site_tag.sql. */
export const tagSightings = sqliteTable(
  "tag_sightings",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SIGHTING_KINDS }).notNull(),
    host: text("host").notNull(),
    path: text("path").notNull(),
    seenAt: integer("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.kind] })],
);
