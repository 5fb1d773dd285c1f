import type { Segment, SegmentArm, TestBreakdowns } from "../../contract/api";
import { METRIC_MESSAGES } from "../../contract/messages";
import { labelAt, VARIANT_LABELS } from "../../contract/variants";
import { SEGMENT_DIMENSIONS, type SplitTest } from "../db/schema";
import { type SegmentCount, segmentCounts } from "../db/segments";
import { ApiError } from "../errors";
import { wilsonInterval } from "../statistics/frequentist";

/** Countries and referrers beyond this many (by visitors) are summed as one `other` segment. */
export const TOP_SEGMENTS = 10;

const armOf = (position: number, visitors: number, conversions: number): SegmentArm => ({
  label: labelAt(position),
  visitors,
  conversions,
  rate: visitors > 0 ? conversions / visitors : 0,
  interval: wilsonInterval(Math.min(conversions, visitors), visitors),
});

/**
 * Each variant's visitors, conversions and rate per segment, from the test_segments rollup (its rows
 * grow with the distinct values, never with the clicks) and the visitors not compacted into it yet
 * (worker/db/segments.ts). Segments come most visited first. With `metric` (a secondary or guardrail
 * metric's name), that metric's conversions; a metric the test does not have is not found.
 */
export async function breakdownsOf(
  db: D1Database,
  test: SplitTest,
  metric?: string,
): Promise<TestBreakdowns> {
  const counted = test.metrics.find((m) => m.name === metric);
  if (metric !== undefined && !counted) throw new ApiError("not_found", METRIC_MESSAGES.unknown);
  // Revenue without a goal is the primary's orders: the primary's conversions.
  const own = counted && (counted.kind !== "revenue" || counted.goal) ? counted.name : undefined;
  const results = await segmentCounts(db, test.id, own);
  const arms = test.variants.length;
  const breakdowns = { device: [], os: [], country: [], referrer: [] } as Record<
    SegmentCount["dimension"],
    { value: string; visitors: number[]; conversions: number[] }[]
  >;
  for (const row of results) {
    const position = VARIANT_LABELS.indexOf(row.variant as (typeof VARIANT_LABELS)[number]);
    if (position < 0 || position >= arms) continue;
    const segments = breakdowns[row.dimension];
    let segment = segments.find((s) => s.value === row.value);
    if (!segment) {
      segment = { value: row.value, visitors: Array(arms).fill(0), conversions: Array(arms).fill(0) };
      segments.push(segment);
    }
    segment.visitors[position] = row.visitors;
    segment.conversions[position] = row.conversions;
  }
  const answer = {} as TestBreakdowns;
  for (const dimension of SEGMENT_DIMENSIONS) {
    const total = (s: { visitors: number[] }) => s.visitors.reduce((a, b) => a + b, 0);
    const sorted = breakdowns[dimension].sort(
      (a, b) => total(b) - total(a) || a.value.localeCompare(b.value),
    );
    const limited = dimension === "country" || dimension === "referrer";
    const known = sorted.filter((s) => s.value !== "");
    const top = limited ? known.slice(0, TOP_SEGMENTS) : known;
    const rest = limited ? known.slice(TOP_SEGMENTS) : [];
    const unknown = sorted.filter((s) => s.value === "");
    const segment = (value: string, kind: Segment["kind"], parts: typeof sorted): Segment => ({
      value,
      kind,
      arms: Array.from({ length: arms }, (_, i) =>
        armOf(
          i,
          parts.reduce((sum, s) => sum + (s.visitors[i] ?? 0), 0),
          parts.reduce((sum, s) => sum + (s.conversions[i] ?? 0), 0),
        ),
      ),
    });
    answer[dimension] = [
      ...top.map((s) => segment(s.value, "known", [s])),
      ...(rest.length > 0 ? [segment("", "other", rest)] : []),
      ...(unknown.length > 0 ? [segment("", "unknown", unknown)] : []),
    ];
  }
  return answer;
}
