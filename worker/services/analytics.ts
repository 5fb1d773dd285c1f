import type {
  Interval,
  RevenueAnalytics,
  RuleVisits,
  SeriesPoint,
  TestAnalytics,
  TrafficQuality,
  Variant,
} from "../../contract/api";
import { fromMinorUnits } from "../../contract/currency";
import type { TestMetric } from "../../contract/metrics";
import { minimumDaysEnd } from "../../contract/schedule";
import {
  DECISION_ADDRESSES,
  REFUSED_CONVERSION_REASONS,
  UNCOUNTED_VISIT_REASONS,
} from "../../contract/trust";
import { isPlainLink, labelAt, VARIANT_LABELS } from "../../contract/variants";
import { STATS_OF_TEST, UNCOUNTED_OF_TEST } from "../db/hour-stats";
import type { SplitTest } from "../db/schema";
import { analyze } from "../statistics/analysis";
import { SRM_THRESHOLD, srmTestAgainstShares } from "../statistics/frequentist";
import { armsHarmedBy, type MetricArm, type MetricResult, metricResult } from "../statistics/metrics";
import { analyzeRevenue, type RevenueArmResult } from "../statistics/revenue";
import { type Reweighted, reweightByPeriod, type WeightPeriod } from "../statistics/reweight";
import { rateMean, relativeLift, sequentialVerdict } from "../statistics/sequential";
import { addTotals, armCounts, NO_TOTALS, revenueCounts, type VariantTotals } from "../statistics/summary";
import { type Verdict, verdictOf } from "../statistics/verdict";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A test's first two days are charted per hour, later ones per day. */
const HOURLY_WINDOW_MS = 48 * HOUR_MS;

interface RollupRow extends VariantTotals {
  hour: number;
  variant: Variant;
}

/** The rollup of the test's current phase: the phase that decides (migrations/0018_phases.sql). */
async function rollupOf(db: D1Database, test: SplitTest): Promise<RollupRow[]> {
  const { results } = await db
    .prepare(
      `SELECT hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares AS revenueSquares
       FROM ${STATS_OF_TEST} WHERE phase = ?2`,
    )
    .bind(test.id, test.phase)
    .all<RollupRow>();
  return results;
}

// A phase's secondary and guardrail metrics' conversions per variant; values only in the test's currency.
const METRIC_COUNTS = `SELECT metric, variant, count(*) AS conversions,
    count(CASE WHEN currency = ?3 THEN 1 END) AS orders,
    coalesce(sum(CASE WHEN currency = ?3 THEN amount END), 0) AS revenue,
    total(CASE WHEN currency = ?3 THEN amount * amount END) AS revenueSquares
  FROM metric_conversions WHERE split_test_id = ?1 AND phase = ?2 GROUP BY metric, variant`;

/** A secondary or guardrail metric: its arms as counted, and what they prove. */
export interface MeasuredMetric {
  metric: TestMetric;
  arms: MetricArm[];
  result: MetricResult;
}

/** Revenue without a goal is the primary's orders: its conversions are the primary's valued ones. */
const isPrimaryOrders = (metric: TestMetric) => metric.kind === "revenue" && !metric.goal;

/**
 * The test's secondary and guardrail metrics in its current phase, every version against A
 * (statistics/metrics.ts), over its visitors as counted (`totals`), with the arms they went by.
 */
export async function measuredMetricsOf(
  db: D1Database,
  test: Pick<SplitTest, "id" | "phase" | "currency" | "metrics">,
  totals: readonly VariantTotals[],
): Promise<MeasuredMetric[]> {
  if (test.metrics.length === 0) return [];
  const { results } = await db
    .prepare(METRIC_COUNTS)
    .bind(test.id, test.phase, test.currency)
    .all<Omit<MetricArm, "visitors"> & { metric: string; variant: Variant }>();
  return test.metrics.map((metric) => {
    const arms = totals.map((arm, i): MetricArm => {
      if (isPrimaryOrders(metric)) return { ...arm, conversions: arm.orders };
      const row = results.find((r) => r.metric === metric.name && r.variant === labelAt(i));
      return {
        visitors: arm.visitors,
        conversions: row?.conversions ?? 0,
        orders: row?.orders ?? 0,
        revenue: row?.revenue ?? 0,
        revenueSquares: row?.revenueSquares ?? 0,
      };
    });
    return { metric, arms, result: metricResult(metric, arms) };
  });
}

/** The phases that ended, oldest first, each with its variants and every variant's counts. */
async function earlierPhasesOf(db: D1Database, test: SplitTest): Promise<TestAnalytics["phases"]> {
  if (test.phase === 1) return [];
  const [phases, counts] = await db.batch<Record<string, number | string>>([
    db
      .prepare(
        "SELECT phase, started_at, ended_at, variants FROM test_phases WHERE split_test_id = ? ORDER BY phase",
      )
      .bind(test.id),
    db
      .prepare(
        `SELECT phase, variant, sum(clicks) AS clicks, sum(visitors) AS visitors, sum(conversions) AS conversions
         FROM ${STATS_OF_TEST} WHERE phase < ?2 GROUP BY phase, variant`,
      )
      .bind(test.id, test.phase),
  ]);
  const rows = counts?.results ?? [];
  return (phases?.results ?? []).map((row) => ({
    phase: Number(row.phase),
    startedAt: Number(row.started_at),
    endedAt: Number(row.ended_at),
    arms: (JSON.parse(String(row.variants)) as SplitTest["variants"]).map((variant, i) => {
      const sums = rows.find((r) => r.phase === row.phase && r.variant === labelAt(i));
      return {
        label: labelAt(i),
        name: variant.name ?? null,
        url: variant.url,
        weight: variant.weight,
        clicks: Number(sums?.clicks ?? 0),
        visitors: Number(sums?.visitors ?? 0),
        conversions: Number(sums?.conversions ?? 0),
      };
    }),
  }));
}

/** The visits each audience rule sent to a fixed URL, from the rules' rollup. */
async function ruleVisitsOf(db: D1Database, testId: string): Promise<RuleVisits[]> {
  const { results } = await db
    .prepare("SELECT rule, url, visits FROM rule_visit_counts WHERE split_test_id = ? ORDER BY rule, url")
    .bind(testId)
    .all<RuleVisits & { rule: number }>();
  return results.map((row) => ({ rule: row.rule < 0 ? null : row.rule, url: row.url, visits: row.visits }));
}

/** What was not counted of the test, by reason (UNCOUNTED_OF_TEST, and the rules' rollup for rule visits). */
async function uncountedOf(db: D1Database, testId: string): Promise<{ reason: string; events: number }[]> {
  const { results } = await db
    .prepare(UNCOUNTED_OF_TEST)
    .bind(testId)
    .all<{ reason: string; events: number }>();
  return results;
}

function trafficQualityOf(
  results: { reason: string; events: number }[],
  ruleVisits: RuleVisits[],
): TrafficQuality {
  const byReason = (reasons: readonly string[]) =>
    results.filter((row) => reasons.includes(row.reason)).sort((a, b) => b.events - a.events);
  const ruled = ruleVisits.reduce((sum, rule) => sum + rule.visits, 0);
  const visits = [
    ...byReason(UNCOUNTED_VISIT_REASONS),
    ...(ruled > 0 ? [{ reason: "rule", events: ruled }] : []),
  ].sort((a, b) => b.events - a.events) as TrafficQuality["visits"];
  return { visits, conversions: byReason(REFUSED_CONVERSION_REASONS) as TrafficQuality["conversions"] };
}

/** A test's traffic quality on its own (the public API's /traffic-quality). */
export async function trafficQualityOfTest(db: D1Database, testId: string): Promise<TrafficQuality> {
  const [uncounted, ruleVisits] = await Promise.all([uncountedOf(db, testId), ruleVisitsOf(db, testId)]);
  return trafficQualityOf(uncounted, ruleVisits);
}

/** The weights an optimised test has had in its current phase, oldest first. */
async function weightHistoryOf(db: D1Database, test: SplitTest): Promise<WeightPeriod[]> {
  const { results } = await db
    .prepare(
      "SELECT since, weights FROM weight_history WHERE split_test_id = ? AND since >= ? ORDER BY since",
    )
    .bind(test.id, test.phaseStartedAt ?? 0)
    .all<{ since: number; weights: string }>();
  return results.map((row) => ({ since: row.since, weights: JSON.parse(row.weights) as number[] }));
}

function reweighted(rows: RollupRow[], history: WeightPeriod[], arms: number): Reweighted {
  const counts = rows.map((row) => ({
    time: row.hour,
    position: VARIANT_LABELS.indexOf(row.variant),
    visitors: row.visitors,
    conversions: row.conversions,
    orders: row.orders,
    revenue: row.revenue,
    revenueSquares: row.revenueSquares,
  }));
  return reweightByPeriod(counts, history, arms);
}

/** The totals with their conversions and revenue sums reweighted by period; clicks stay as counted. */
function withReweightedSums(totals: VariantTotals[], byPeriod: Reweighted): VariantTotals[] {
  return totals.map((arm, i) => ({ ...arm, ...byPeriod.totals[i] }));
}

/**
 * An optimised test's totals with conversions and revenue reweighted by period of constant weights,
 * and the visitor shares its weights led to expect (statistics/reweight.ts): what its verdict, its end
 * and its sample-ratio check go by.
 */
export async function optimisedResults(
  db: D1Database,
  test: SplitTest,
  totals: VariantTotals[],
): Promise<{ totals: VariantTotals[]; expectedShares: number[] }> {
  const [rows, history] = await Promise.all([rollupOf(db, test), weightHistoryOf(db, test)]);
  const byPeriod = reweighted(rows, history, test.variants.length);
  return { totals: withReweightedSums(totals, byPeriod), expectedShares: byPeriod.expectedShares };
}

// Evidence no stranger makes: a verdict that acts (an alert, an early stop, a promotion) for a variant
// must still hold without what the 2 × DECISION_ADDRESSES addresses that gave it the most conversions
// through the tag brought the test (their conversions, and their visitors in every variant); the
// bandit's weights count every variant without what the test's DECISION_ADDRESSES most converting
// addresses brought it. A stranger with that many addresses moves neither
// (bench/workerd/forged-traffic.bench.test.ts). A guardrail holds a winner, or keeps the bandit from a
// variant, only while it still proves it worse without what the addresses that sent that guardrail the
// most brought the test, held back the same way. Ranked by conversions, or by revenue (?3) when revenue
// decides (or is the metric); a metric's conversions are its own (?9), revenue without a goal the primary's.
const perAddress = (metric: boolean) => {
  const table = metric ? "metric_conversions" : "conversions";
  return `per_address AS (
    SELECT variant, address, count(*) AS conversions, count(CASE WHEN currency = ?2 THEN 1 END) AS orders,
           coalesce(sum(CASE WHEN currency = ?2 THEN amount END), 0) AS revenue,
           coalesce(sum(CASE WHEN currency = ?2 THEN amount * amount END), 0) AS squares,
           CASE WHEN ?3 THEN coalesce(sum(CASE WHEN currency = ?2 THEN amount END), 0) ELSE count(*) END AS weight
    FROM ${table} INDEXED BY ${table}_test_address_idx
    WHERE split_test_id = ?1${metric ? " AND metric = ?9" : ""} AND address IS NOT NULL AND source = 'beacon' AND phase = ?7
    GROUP BY variant, address)`;
};
// The addresses held back: the DECISION_ADDRESSES that converted most for one variant (?6), or in the
// whole test (?6 null); what they brought every variant (?5, the test's labels) is held back. Their
// visitors are the sessions of the marked clicks, each counted session's first of an address, hour,
// phase and variant (migrations/0029_click_rows.sql): one pass over the phase's packs (a click counts in
// the phase in force at its time, ?8 its start, so from its hour on), the addresses having no index of
// their own (migrations/0053_no_address_index.sql).
const heldBack = (metric: boolean) => `WITH ${perAddress(metric)},
  top AS (SELECT address FROM per_address WHERE ?6 IS NULL OR variant = ?6
          GROUP BY address ORDER BY sum(weight) DESC LIMIT ?4),
  visitors AS (
    SELECT c.variant, c.source AS address, count(DISTINCT c.session) AS visitors FROM clicks AS c
    WHERE c.split_test_id = ?1 AND c.hour >= ?8 - ?8 % 3600000 AND c.timestamp >= ?8
      AND c.first_of_address_hour = 1 AND c.phase = ?7
      AND c.source IN (SELECT address FROM top)
    GROUP BY 1, 2),
  held AS (SELECT v.value AS variant, top.address FROM json_each(?5) AS v CROSS JOIN top)
  SELECT h.variant, coalesce(sum(p.conversions), 0) AS conversions, coalesce(sum(p.orders), 0) AS orders,
         coalesce(sum(p.revenue), 0) AS revenue, coalesce(sum(p.squares), 0) AS revenueSquares,
         coalesce(sum(s.visitors), 0) AS visitors
  FROM held AS h LEFT JOIN per_address AS p ON p.variant = h.variant AND p.address = h.address
    LEFT JOIN visitors AS s ON s.variant = h.variant AND s.address = h.address
  GROUP BY h.variant`;
const HELD_BACK = heldBack(false);
const HELD_BACK_OF_METRIC = heldBack(true);

/**
 * What the `addresses` that converted most for `variant` (or in the whole test, null) brought each
 * variant, by position: for the primary, or for a secondary or guardrail `metric` (its conversions
 * ranking the addresses, and held back).
 */
export async function heldBackOf(
  db: D1Database,
  test: SplitTest,
  variant: Variant | null,
  addresses = DECISION_ADDRESSES,
  metric: TestMetric | null = null,
): Promise<VariantTotals[]> {
  const held = test.variants.map((): VariantTotals => NO_TOTALS);
  if (test.conversionSources === "server") return held;
  const labels = test.variants.map((_, i) => labelAt(i));
  const ofMetric = metric !== null && !isPrimaryOrders(metric);
  const byRevenue = metric ? metric.kind === "revenue" : test.primaryMetric === "revenue_per_visitor";
  const { results } = await db
    .prepare(ofMetric ? HELD_BACK_OF_METRIC : HELD_BACK)
    .bind(
      test.id,
      test.currency,
      byRevenue ? 1 : 0,
      addresses,
      JSON.stringify(labels),
      variant,
      test.phase,
      test.phaseStartedAt ?? 0,
      ...(ofMetric ? [metric.name] : []),
    )
    .all<Omit<VariantTotals, "clicks"> & { variant: Variant }>();
  for (const { variant, ...sums } of results) {
    const position = VARIANT_LABELS.indexOf(variant);
    if (position >= 0 && position < held.length) held[position] = { ...NO_TOTALS, ...sums };
  }
  return held;
}

/** An arm's totals (a variant's, or a metric's) without what `held` brought it (never below nothing). */
export function withoutHeldBack<Arm extends MetricArm>(arm: Arm, held: MetricArm | undefined): Arm {
  if (!held) return arm;
  return {
    ...arm,
    visitors: Math.max(0, arm.visitors - held.visitors),
    conversions: Math.max(0, arm.conversions - held.conversions),
    orders: Math.max(0, arm.orders - held.orders),
    revenue: Math.max(0, arm.revenue - held.revenue),
    revenueSquares: Math.max(0, arm.revenueSquares - held.revenueSquares),
  };
}

/**
 * The arms (by position) a guardrail proves worse than A as counted and still does without what the
 * `addresses` that sent it the most for `variant` (or in the whole test, null) brought the test: their
 * conversions of it and their visitors in every variant (heldBackOf), as the primary's winner must still
 * win without them. Held back only when the counts prove some arm worse.
 */
async function harmedWithoutTopAddresses(
  db: D1Database,
  test: SplitTest,
  { metric, arms, result }: MeasuredMetric,
  variant: Variant | null,
  addresses: number,
): Promise<number[]> {
  const worse = armsHarmedBy(result);
  if (worse.length === 0) return [];
  const held = await heldBackOf(db, test, variant, addresses, metric);
  // Revenue without a goal counts the primary's orders as its conversions: so does what is held back.
  const without = arms.map((arm, i) => {
    const less = held[i];
    return withoutHeldBack(
      arm,
      less && isPrimaryOrders(metric) ? { ...less, conversions: less.orders } : less,
    );
  });
  const still = armsHarmedBy(metricResult(metric, without));
  return worse.filter((arm) => still.includes(arm));
}

/**
 * The first guardrail that holds `winner`: proves it worse than A, and still does without what the
 * 2 × DECISION_ADDRESSES addresses that sent that guardrail the most for it brought the test. Null when
 * none does.
 */
async function guardrailHolding(
  db: D1Database,
  test: SplitTest,
  measured: readonly MeasuredMetric[],
  winner: Variant,
): Promise<string | null> {
  const position = VARIANT_LABELS.indexOf(winner);
  for (const guardrail of measured) {
    if (!armsHarmedBy(guardrail.result).includes(position)) continue;
    const harmed = await harmedWithoutTopAddresses(db, test, guardrail, winner, 2 * DECISION_ADDRESSES);
    if (harmed.includes(position)) return guardrail.metric.name;
  }
  return null;
}

/**
 * The arms (by position) the bandit moves no traffic towards: proven worse than A on a guardrail, and
 * still without what the test's DECISION_ADDRESSES that sent that guardrail the most brought it, as the
 * bandit weighs every variant without its top addresses (worker/services/autopilot.ts).
 */
export async function armsHarmedOf(
  db: D1Database,
  test: SplitTest,
  totals: readonly VariantTotals[],
): Promise<Set<number>> {
  const harmed = new Set<number>();
  for (const guardrail of await measuredMetricsOf(db, test, totals))
    for (const arm of await harmedWithoutTopAddresses(db, test, guardrail, null, DECISION_ADDRESSES))
      harmed.add(arm);
  return harmed;
}

/**
 * The one verdict (statistics/verdict.ts) on the deciding totals, with the forged-traffic check; while
 * the test's minimum days run, "keep collecting" until they are up, whatever the numbers say.
 */
async function decide(
  db: D1Database,
  test: SplitTest,
  deciding: readonly VariantTotals[],
  now: number,
  metrics: () => Promise<readonly MeasuredMetric[]>,
): Promise<Verdict> {
  const until = minimumDaysEnd(test);
  // Twice as many: DECISION_ADDRESSES of a stranger's may take their places, and the winner still gives
  // up as many of its own top buyers as with no stranger at all.
  const withoutTopAddresses = async (winner: Variant) => {
    const held = await heldBackOf(db, test, winner, 2 * DECISION_ADDRESSES);
    return deciding.map((arm, i) => withoutHeldBack(arm, held[i]));
  };
  return verdictOf(
    test.primaryMetric,
    deciding,
    test.conversionSources === "server" ? null : withoutTopAddresses,
    now < until ? until : null,
    async (winner) => guardrailHolding(db, test, await metrics(), winner),
  );
}

/**
 * The test's one verdict from its totals as counted (its current phase's), and the deciding totals it
 * went by: an optimised test's reweighted by period (`reweighted`, when the caller already has them
 * from optimisedResults). Whatever names a winner reads it here or in analyticsOf, which decides the
 * same way: the dashboard and both APIs' stats, the digest, the autopilot and its alerts.
 */
export async function verdictOfTest(
  db: D1Database,
  test: SplitTest,
  totals: VariantTotals[],
  reweighted?: VariantTotals[],
  now = Date.now(),
): Promise<{ verdict: Verdict; deciding: VariantTotals[] }> {
  const deciding =
    test.mode === "optimise" ? (reweighted ?? (await optimisedResults(db, test, totals)).totals) : totals;
  const metrics = () => measuredMetricsOf(db, test, totals);
  return { verdict: await decide(db, test, deciding, now, metrics), deciding };
}

/**
 * Everything the test detail page shows about significance, from the hourly rollup alone. Its verdict
 * is the one verdict (statistics/verdict.ts) on the same deciding totals as verdictOfTest's.
 * An optimised test's rates, intervals and verdict are reweighted by period, and its sample-ratio check
 * is against the weights in force at each time.
 */
export async function analyticsOf(db: D1Database, test: SplitTest, now = Date.now()): Promise<TestAnalytics> {
  const [results, history, ruleVisits, uncounted, phases] = await Promise.all([
    rollupOf(db, test),
    test.mode === "optimise" ? weightHistoryOf(db, test) : Promise.resolve(null),
    ruleVisitsOf(db, test.id),
    uncountedOf(db, test.id),
    earlierPhasesOf(db, test),
  ]);
  const totals = test.variants.map((): VariantTotals => NO_TOTALS);
  for (const row of results) {
    const position = VARIANT_LABELS.indexOf(row.variant);
    const sum = totals[position];
    if (sum) totals[position] = addTotals(sum, row);
  }
  const weights = test.variants.map((variant) => variant.weight);
  const byPeriod = history ? reweighted(results, history, test.variants.length) : null;
  const decided = byPeriod ? withReweightedSums(totals, byPeriod) : totals;
  const counts = decided.map(armCounts);
  const analysis = analyze(counts, weights);
  // A plain link has no comparison to make: only its own counts (issue #49).
  const link = isPlainLink(test.variants);
  const revenue = link ? null : analyzeRevenue(decided.map(revenueCounts));
  const byRate = link ? null : sequentialVerdict(counts);
  const measured = link ? [] : await measuredMetricsOf(db, test, totals);
  const metrics = measured.map(({ result }) => result);
  const verdict = await decide(db, test, decided, now, async () => measured);
  const srmPValue = byPeriod
    ? srmTestAgainstShares(
        totals.map((arm) => arm.visitors),
        byPeriod.expectedShares,
      ).pValue
    : analysis.srmPValue;
  const money = (minor: number) => fromMinorUnits(minor, test.currency ?? "");

  return {
    primaryMetric: test.primaryMetric,
    currency: test.currency,
    arms: analysis.arms.map((arm, position) => {
      const interval = byRate?.intervals[position];
      return {
        label: labelAt(position),
        name: test.variants[position]?.name ?? null,
        weight: weights[position] ?? 0,
        clicks: totals[position]?.clicks ?? 0,
        visitors: totals[position]?.visitors ?? 0,
        conversions: totals[position]?.conversions ?? 0,
        rate: arm.rate,
        interval: arm.interval,
        chanceToBeBest: arm.chanceToBeBest,
        vsControl:
          arm.vsControl && interval && byRate
            ? {
                difference: interval.difference,
                lower: interval.lower,
                upper: interval.upper,
                relativeLift: relativeLift(rateMean(counts[0] ?? arm), interval, byRate.comparisonAlpha),
                pValue: arm.vsControl.pValue,
                adjustedPValue: arm.vsControl.adjustedPValue,
              }
            : null,
        revenue: revenueOf(
          revenue?.arms[0],
          byRate?.comparisonAlpha ?? 0,
          revenue?.arms[position],
          totals[position] ?? NO_TOTALS,
          money,
        ),
      };
    }),
    srmPValue,
    srm: srmPValue < SRM_THRESHOLD,
    weightHistory: history?.map((period) => ({ since: period.since, weights: [...period.weights] })) ?? null,
    ruleVisits,
    trafficQuality: trafficQualityOf(uncounted, ruleVisits),
    verdict,
    metrics: metrics.map((metric) => metricAnalytics(metric, money)),
    series: seriesOf(results, test.variants.length, test.phaseStartedAt ?? test.createdAt, now, history),
    phases,
  };
}

/** A metric as the test page shows it: revenue in the test's currency (major units), rates as fractions. */
function metricAnalytics(
  metric: MetricResult,
  money: (minor: number) => number,
): TestAnalytics["metrics"][number] {
  const unit = metric.kind === "revenue" ? money : (value: number) => value;
  return {
    name: metric.name,
    role: metric.role === "guardrail" ? "guardrail" : "secondary",
    kind: metric.kind,
    better: metric.better,
    arms: metric.arms.map((arm, i) => ({
      label: labelAt(i),
      value: unit(arm.value),
      vsControl: arm.vsControl && {
        difference: arm.vsControl.interval ? unit(arm.vsControl.interval.difference) : null,
        relativeLift: arm.vsControl.relativeLift,
        outcome: arm.vsControl.outcome,
      },
    })),
  };
}

/** One variant's revenue figures in the test's currency (major units). */
function revenueOf(
  control: RevenueArmResult | undefined,
  comparisonAlpha: number,
  arm: RevenueArmResult | undefined,
  totals: VariantTotals,
  money: (minor: number) => number,
): RevenueAnalytics {
  const interval = (value: Interval | null | undefined) =>
    value ? { lower: money(value.lower), upper: money(value.upper) } : null;
  const always = arm?.vsControl?.interval;
  return {
    orders: totals.orders,
    total: money(totals.revenue),
    perVisitor: money(arm?.perVisitor.mean ?? 0),
    perVisitorInterval: interval(arm?.perVisitorInterval),
    averageOrderValue: arm?.averageOrderValue ? money(arm.averageOrderValue.mean) : null,
    averageOrderValueInterval: interval(arm?.averageOrderValueInterval),
    chanceToBeBest: arm?.chanceToBeBest ?? 0,
    vsControl:
      arm?.vsControl && always
        ? {
            difference: money(always.difference),
            lower: money(always.lower),
            upper: money(always.upper),
            relativeLift: control ? relativeLift(control.perVisitor, always, comparisonAlpha) : null,
            pValue: arm.vsControl.welch.pValue,
            adjustedPValue: arm.vsControl.adjustedPValue,
          }
        : null,
  };
}

/** Visitors and conversions per variant in every hour (or day) since the phase began, gaps as zeros. */
function seriesOf(
  rows: RollupRow[],
  arms: number,
  createdAt: number,
  now: number,
  history: WeightPeriod[] | null,
): TestAnalytics["series"] {
  const granularity = now - createdAt < HOURLY_WINDOW_MS ? "hour" : "day";
  const step = granularity === "hour" ? HOUR_MS : DAY_MS;
  const periodOf = (time: number) => time - (time % step);
  const weightsAt = (time: number) =>
    [...(history ?? [])].reverse().find((period) => period.since <= time)?.weights ?? history?.[0]?.weights;
  const points = new Map<number, SeriesPoint>();
  for (let time = periodOf(createdAt); time <= periodOf(now); time += step) {
    const weights = history ? [...(weightsAt(time + step / 2) ?? [])] : undefined;
    points.set(time, {
      time,
      visitors: Array(arms).fill(0),
      conversions: Array(arms).fill(0),
      ...(weights ? { weights } : {}),
    });
  }
  for (const row of rows) {
    const point = points.get(periodOf(row.hour));
    const position = VARIANT_LABELS.indexOf(row.variant);
    if (!point || position >= arms) continue;
    point.visitors[position] = (point.visitors[position] ?? 0) + row.visitors;
    point.conversions[position] = (point.conversions[position] ?? 0) + row.conversions;
  }
  return { granularity, points: [...points.values()] };
}
