import type { RelativeLift, TestAnalytics, Variant } from "./api";
import { ANALYTICS_MESSAGES } from "./messages";
import { labelWithName, nameOf } from "./variants";

// The recommendation of a test's results in one sentence (issue #33), and the lift in words: the test
// page (web/src/features/test-detail/analytics/reading.ts) and the public report page
// (worker/routes/reports.ts) read the same analytics with the same words.

type Metric = TestAnalytics["primaryMetric"];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How many complete days the current traffic is averaged over. */
const RECENT_DAYS = 7;
/**
 * A change smaller than this either way (relative, 10 %) is not worth a test's time: once every
 * version's interval lies within it, the recommendation is to stop.
 */
export const MEANINGFUL_LIFT = 0.1;

const DAY_IN_WORDS = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A day as every screen and email names it: "Sat 5 Dec 2026" (UTC, as the verdict counts days). */
export function dayInWords(at: number): string {
  return DAY_IN_WORDS.format(new Date(at)).replace(",", "");
}

/** "Keep collecting until Sat 5 Dec 2026: full weeks, so every weekday counts." */
export function keepCollectingUntil(until: number): string {
  return ANALYTICS_MESSAGES.keepCollecting.until(dayInWords(until));
}

/** A relative change in whole percent, signed: "+12 %", "−5 %". */
export function signedPercent(fraction: number): string {
  const rounded = Math.round(fraction * 100);
  if (rounded > 0) return `+${rounded} %`;
  return rounded < 0 ? `−${-rounded} %` : "0 %";
}

/**
 * An interval of relative change in plain words, whole percent, smaller first: "between 12 % and 240 %
 * more", "between 4 % and 35 % less", "between 5 % less and 40 % more".
 */
function rangeInWords(lower: number, upper: number): string {
  const [low, high] = [Math.round(lower * 100), Math.round(upper * 100)];
  if (low >= 0 && high > 0) return `between ${low} % and ${high} % more`;
  if (high <= 0 && low < 0) return `between ${-high} % and ${-low} % less`;
  if (low === 0 && high === 0) return "about as much";
  return `between ${-low} % less and ${high} % more`;
}

/**
 * One variant against A in words: "B converts 98 % more than A (between 12 % and 240 % more)", the
 * range its always-valid 95 % interval. An interval that says nothing yet reads "not enough data yet",
 * never 100 % less to something.
 */
export function liftSentence(label: Variant, lift: RelativeLift | null, metric: Metric): string {
  const verb = metric === "revenue_per_visitor" ? "earns" : "converts";
  const per = metric === "revenue_per_visitor" ? " per visitor" : "";
  if (lift === null)
    return `${label} against A: not enough data yet (A has no ${metric === "revenue_per_visitor" ? "revenue" : "conversions"}).`;
  const size = Math.round(Math.abs(lift.lift) * 100);
  const change =
    size === 0
      ? `${label} ${verb} as much${per} as A`
      : `${label} ${verb} ${size} % ${lift.lift > 0 ? "more" : "less"}${per} than A`;
  if (lift.interval === null) return `${change}; the range: not enough data yet.`;
  return `${change} (${rangeInWords(lift.interval.lower, lift.interval.upper)}).`;
}

/**
 * Each variant's visitors a day at the current traffic: the mean of the last complete days (up to
 * seven), or while charted by the hour, of the complete hours times 24. The unfinished period counts
 * for nothing; null before one period is complete.
 */
export function dailyVisitorsPerArm(series: TestAnalytics["series"], now: number): number[] | null {
  const step = series.granularity === "hour" ? HOUR_MS : DAY_MS;
  const complete = series.points.filter((point) => point.time + step <= now);
  const recent = series.granularity === "day" ? complete.slice(-RECENT_DAYS) : complete;
  if (recent.length === 0) return null;
  const arms = recent[0]?.visitors.length ?? 0;
  const perDay = DAY_MS / step;
  return Array.from(
    { length: arms },
    (_, arm) => (recent.reduce((sum, point) => sum + (point.visitors[arm] ?? 0), 0) * perDay) / recent.length,
  );
}

export type Recommendation =
  | { kind: "deploy"; variant: Variant; text: string }
  | { kind: "hold"; variant: Variant; text: string }
  | { kind: "collect"; text: string }
  | { kind: "stop"; text: string };

const count = (value: number) => Math.round(value).toLocaleString("en-US");

/** The days the slowest version needs for `more` visitors at its current daily visitors; null if unknown. */
function daysFor(more: number, daily: readonly number[] | null): number | null {
  if (daily === null || daily.length === 0 || !daily.every((visitors) => visitors > 0)) return null;
  return Math.max(1, Math.ceil(more / Math.min(...daily)));
}

/** A metric's figure as the screens show it: a rate in percent, revenue per visitor in the test's currency. */
export function metricValue(
  metric: TestAnalytics["metrics"][number],
  value: number,
  currency: string | null,
): string {
  if (metric.kind !== "revenue") return `${(value * 100).toFixed(1)} %`;
  return currency
    ? new Intl.NumberFormat("en-US", { style: "currency", currency }).format(value)
    : value.toFixed(2);
}

type MetricAnalytics = TestAnalytics["metrics"][number];

const OUTCOME_WORDS = {
  better: "proven better",
  worse: "proven worse",
  unclear: "not proven either way yet",
} as const;

/**
 * One version against A on a secondary metric or guardrail, in words: "B: 3.0 % (A 1.0 %), between
 * 80 % and 300 % higher: proven worse." Higher and lower are the figure's; better and worse the
 * metric's direction.
 */
export function metricLine(
  metric: MetricAnalytics,
  arm: MetricAnalytics["arms"][number],
  currency: string | null,
): string {
  const control = metric.arms[0];
  const lift = arm.vsControl?.relativeLift?.interval;
  const range = lift
    ? `, ${rangeInWords(lift.lower, lift.upper).replace(/more$/, "higher").replace(/less$/, "lower")}`
    : "";
  const against = control ? ` (A ${metricValue(metric, control.value, currency)})` : "";
  return `${arm.label}: ${metricValue(metric, arm.value, currency)}${against}${range}: ${OUTCOME_WORDS[arm.vsControl?.outcome ?? "unclear"]}.`;
}

/**
 * "Don't deploy version B: it wins on the primary metric but is proven worse on Refund rate (2.0 % for
 * A, 4.1 % for B: between 20 % and 150 % higher)."
 */
function holdFor(
  analytics: TestAnalytics,
  guardrail: NonNullable<TestAnalytics["verdict"]["guardrail"]>,
  version: (label: Variant) => string,
): Recommendation {
  const metric = analytics.metrics.find((m) => m.name === guardrail.metric);
  const control = metric?.arms[0];
  const arm = metric?.arms.find((a) => a.label === guardrail.variant);
  const lift = arm?.vsControl?.relativeLift?.interval;
  const figures =
    metric && control && arm
      ? ` (${metricValue(metric, control.value, analytics.currency)} for A, ${metricValue(metric, arm.value, analytics.currency)} for ${guardrail.variant}${
          lift
            ? `: ${rangeInWords(lift.lower, lift.upper).replace(/more$/, "higher").replace(/less$/, "lower")}`
            : ""
        })`
      : "";
  return {
    kind: "hold",
    variant: guardrail.variant,
    text: ANALYTICS_MESSAGES.guardrailHold(version(guardrail.variant), guardrail.metric, figures),
  };
}

/**
 * What to do, in one sentence, from the always-valid verdict: deploy the winner; stop when every
 * version is proven within MEANINGFUL_LIFT of A; else keep collecting, with how many more visitors and
 * how many days that takes at the current traffic.
 */
export function recommendationOf(analytics: TestAnalytics, now: number): Recommendation {
  const { verdict, arms, primaryMetric } = analytics;
  const lifts = arms.flatMap((arm) => {
    const vs = primaryMetric === "revenue_per_visitor" ? arm.revenue.vsControl : arm.vsControl;
    return vs ? [{ label: arm.label, lift: vs.relativeLift }] : [];
  });
  const better = primaryMetric === "revenue_per_visitor" ? "earns more per visitor" : "converts better";
  // The version with its name, if it has one: "B · Red button".
  const version = (label: Variant) => labelWithName(label, nameOf(arms, label));
  if (verdict.guardrail) return holdFor(analytics, verdict.guardrail, version);
  if (verdict.winner === "A") {
    return {
      kind: "deploy",
      variant: "A",
      text: `Keep version ${version("A")}: it ${better} than ${arms.length > 2 ? "every other version" : "B"}.`,
    };
  }
  if (verdict.winner) {
    const lift = lifts.find(({ label }) => label === verdict.winner)?.lift;
    const how = lift ? liftSentence(verdict.winner, lift, primaryMetric).replace(/\.$/, "") : null;
    return {
      kind: "deploy",
      variant: verdict.winner,
      text: `Deploy version ${version(verdict.winner)}: ${how ?? `it ${better} than A`}.`,
    };
  }
  const settled =
    verdict.status === "no clear difference" &&
    lifts.length > 0 &&
    lifts.every(
      ({ lift }) =>
        lift?.interval && lift.interval.lower > -MEANINGFUL_LIFT && lift.interval.upper < MEANINGFUL_LIFT,
    );
  if (settled) {
    return {
      kind: "stop",
      text: `Stop: no meaningful difference. Every version is within ${MEANINGFUL_LIFT * 100} % of A, so more visitors would not change much.`,
    };
  }
  if (verdict.until !== null) return { kind: "collect", text: keepCollectingUntil(verdict.until) };
  const more = verdict.additionalVisitorsPerArm;
  const collecting = ANALYTICS_MESSAGES.keepCollecting;
  if (verdict.status === "no clear difference" || more === null) {
    return {
      kind: "collect",
      text: verdict.status === "no clear difference" ? collecting.undecided : collecting.tooLittleData,
    };
  }
  const daily = dailyVisitorsPerArm(analytics.series, now);
  const days = daysFor(more, daily);
  const time =
    days === null || daily === null
      ? ""
      : `, about ${days === 1 ? "1 day" : `${count(days)} days`} at the current ${count(daily.reduce((a, b) => a + b, 0))} visitors a day (until about ${dayInWords(now + days * DAY_MS)})`;
  return { kind: "collect", text: collecting.visitorsNeeded(count(more), time) };
}
