import * as z from "zod";
import { METRIC_MESSAGES } from "../messages";
import { MAX_METRIC_NAME } from "../metrics";
import { REFUSED_CONVERSION_REASONS, UNCOUNTED_VISIT_REASONS } from "../trust";
import { VARIANT_LABELS } from "../variants";
import { count } from "./common";

// What a test's numbers are made of: its variants per segment, and what reached it and was not counted.

const label = z.enum(VARIANT_LABELS);

/**
 * Visits that count in no arm (bots and link previews, bursts from one address, a paused or completed
 * test, sent by a rule) and conversions refused or counted without their value, by reason; only
 * reasons that happened, most first.
 */
export const trafficQualitySchema = z
  .object({
    visits: z
      .array(z.object({ reason: z.enum(UNCOUNTED_VISIT_REASONS), events: z.int() }))
      .describe(
        "Visits counted in no variant, most first: bot (bots and link previews), burst (more sessions an hour from one address than a test counts), paused, completed, rule (sent to a fixed URL by an audience rule)",
      ),
    conversions: z
      .array(z.object({ reason: z.enum(REFUSED_CONVERSION_REASONS), events: z.int() }))
      .describe(
        "Conversions not counted, most first (other_currency: counted, its value set aside): no_click, outside_attribution_window, duplicate, test_completed, rate_limited, address_limit (more a day from one address's visitors than a test counts), not_server (a beacon on a test that counts the server's conversions only), other_currency",
      ),
  })
  .describe("What reached the test and was not counted, and why; only reasons that happened");
export type TrafficQuality = z.output<typeof trafficQualitySchema>;

/** GET /api/v1/tests/{id}/traffic-quality. */
export const trafficQualityResponseSchema = z.object({ trafficQuality: trafficQualitySchema });
export type TrafficQualityResponse = z.output<typeof trafficQualityResponseSchema>;

/** One variant's numbers in one segment; rate and interval as in the totals (fractions, 95 % Wilson). */
const segmentArmSchema = z.object({
  label: label.describe("The variant"),
  visitors: count(
    "Unique visitors of the variant in the segment (a visitor's segment is their first click's)",
  ),
  conversions: count("Their conversions"),
  rate: z.number().min(0).max(1).describe("conversions / visitors, a fraction"),
  interval: z
    .object({ lower: z.number().min(0).max(1), upper: z.number().min(0).max(1) })
    .describe("The rate's 95 % Wilson interval, as for the totals"),
});
export type SegmentArm = z.output<typeof segmentArmSchema>;

/**
 * One segment of a breakdown: a value (`known`), the visitors nothing is known of (`unknown`: no
 * country, no referrer, counted before breakdowns existed…), or the rest beyond the top ones (`other`).
 */
const segmentSchema = z.object({
  value: z
    .string()
    .describe(
      "The device type, operating system, country code or referrer host; empty for unknown and other",
    ),
  kind: z
    .enum(["known", "unknown", "other"])
    .describe(
      "known: a value; unknown: nothing known (no country, no referrer…); other: the rest beyond the top 10",
    ),
  arms: z.array(segmentArmSchema).describe("Every variant, A first"),
});
export type Segment = z.output<typeof segmentSchema>;

/** Each variant per device type, operating system, top countries and top referrer hosts, by visitors. */
const testBreakdownsSchema = z
  .object({
    device: z.array(segmentSchema).describe("mobile, tablet, desktop"),
    os: z.array(segmentSchema).describe("ios, android, windows, macos, linux, chromeos"),
    country: z.array(segmentSchema).describe("The top 10 countries by visitors, then the others"),
    referrer: z.array(segmentSchema).describe("The top 10 referrer hosts by visitors, then the others"),
  })
  .describe(
    "Segments found after the fact are hypotheses to test, not results: with many segments, some differ by chance",
  );
export type TestBreakdowns = z.output<typeof testBreakdownsSchema>;

/** ?metric= of the breakdowns: a secondary or guardrail metric's conversions instead of the primary's. */
export const breakdownsQuerySchema = z.object({
  metric: z
    .string({ error: METRIC_MESSAGES.unknown })
    .trim()
    .min(1, METRIC_MESSAGES.unknown)
    .max(MAX_METRIC_NAME, METRIC_MESSAGES.unknown)
    .optional()
    .describe("A secondary or guardrail metric's name: its conversions per segment instead of the primary's"),
});

/** GET /api/tests/:slug/breakdowns, GET /api/v1/tests/{id}/breakdowns */
export const testBreakdownsResponseSchema = z.object({ breakdowns: testBreakdownsSchema });
export type TestBreakdownsResponse = z.output<typeof testBreakdownsResponseSchema>;
