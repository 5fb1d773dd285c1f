/**
 * A test's secondary and guardrail metrics (issue #48 point 1), each version against A by the same
 * always-valid statistics as the primary: a rate (conversions or refunds per visitor) by sequential.ts's
 * interval of the difference, revenue per visitor by revenue.ts's, both at α/(k − 1) over the k − 1
 * comparisons. A version is proven better or worse on a metric when that interval excludes 0, on the
 * side the metric's `better` says, once both arms have VERDICT_MIN_VISITORS visitors and, between them,
 * VERDICT_MIN_CONVERSIONS events (the normal approximation's guard, as the primary's).
 *
 * Secondaries are reported and decide nothing. A guardrail proven worse for the primary's winner holds
 * the winner back (verdict.ts `verdictOf`); Optimise mode moves no traffic towards a version
 * proven worse on one (bandit.ts callers). Either only while the guardrail still proves it worse without
 * what the addresses that sent it the most brought the test (services/analytics.ts), as a winner must
 * still win without them.
 */

import type { MetricDirection, MetricKind, MetricRole } from "../../contract/metrics";
import { SEQUENTIAL_ALPHA, VERDICT_MIN_CONVERSIONS, VERDICT_MIN_VISITORS } from "../../contract/verdict";
import { analyzeRevenue, type RevenueCounts } from "./revenue";
import { rateMean, relativeLift, type SequentialInterval, sequentialInterval } from "./sequential";

/** One arm's counts for a metric: visitors, the visitors who reached it, and their values (minor units). */
export interface MetricArm {
  readonly visitors: number;
  readonly conversions: number;
  readonly orders: number;
  readonly revenue: number;
  readonly revenueSquares: number;
}

export interface MetricDefinition {
  readonly name: string;
  readonly role: MetricRole;
  readonly kind: MetricKind;
  readonly better: MetricDirection;
}

/** Where a version stands against A on a metric. */
export type MetricOutcome = "better" | "worse" | "unclear";

export interface MetricArmResult {
  /** The rate (a fraction) or revenue per visitor (minor units). */
  readonly value: number;
  /** null for A; else the always-valid interval of the difference, its relative change and what it proves. */
  readonly vsControl: {
    readonly interval: SequentialInterval | null;
    readonly relativeLift: { lift: number; interval: { lower: number; upper: number } | null } | null;
    readonly outcome: MetricOutcome;
  } | null;
}

export interface MetricResult extends MetricDefinition {
  readonly arms: readonly MetricArmResult[];
}

/** Whether the interval of a difference (arm − A) proves the arm better or worse, by the metric's direction. */
function outcomeOf(
  interval: SequentialInterval | null,
  better: MetricDirection,
  guarded: boolean,
): MetricOutcome {
  if (!interval || !guarded) return "unclear";
  const higher = interval.lower > 0;
  const lower = interval.upper < 0;
  if (!higher && !lower) return "unclear";
  return higher === (better === "higher") ? "better" : "worse";
}

/** Enough data for the normal approximation to say anything (the primary's guard, over the pair). */
function guarded(control: MetricArm, arm: MetricArm, events: (a: MetricArm) => number): boolean {
  return (
    control.visitors >= VERDICT_MIN_VISITORS &&
    arm.visitors >= VERDICT_MIN_VISITORS &&
    events(control) + events(arm) >= VERDICT_MIN_CONVERSIONS
  );
}

/** Every version against A on one metric; arm 0 is A. */
export function metricResult(metric: MetricDefinition, arms: readonly MetricArm[]): MetricResult {
  const alpha = SEQUENTIAL_ALPHA / Math.max(1, arms.length - 1);
  const [control] = arms;
  if (metric.kind === "revenue") {
    const revenue = analyzeRevenue(arms as readonly RevenueCounts[]);
    return {
      ...metric,
      arms: revenue.arms.map((arm, i) => ({
        value: arm.perVisitor.mean,
        vsControl:
          arm.vsControl && control
            ? {
                interval: arm.vsControl.interval,
                relativeLift: relativeLift(
                  revenue.arms[0]?.perVisitor ?? arm.perVisitor,
                  arm.vsControl.interval,
                  alpha,
                ),
                outcome: outcomeOf(
                  arm.vsControl.interval,
                  metric.better,
                  guarded(control, arms[i] ?? control, (a) => a.orders),
                ),
              }
            : null,
      })),
    };
  }
  return {
    ...metric,
    arms: arms.map((arm, i) => {
      const value = arm.visitors === 0 ? 0 : arm.conversions / arm.visitors;
      if (i === 0 || !control) return { value, vsControl: null };
      const interval = sequentialInterval(control, arm, alpha);
      const informative = interval.lower > -1 || interval.upper < 1 ? interval : null;
      return {
        value,
        vsControl: {
          interval: informative,
          relativeLift: relativeLift(rateMean(control), informative, alpha),
          outcome: outcomeOf(
            informative,
            metric.better,
            guarded(control, arm, (a) => a.conversions),
          ),
        },
      };
    }),
  };
}

/**
 * The arms (by position, never A) a guardrail proves worse than A; none for a secondary metric. What acts
 * on it asks the same of the guardrail without what its top addresses brought (services/analytics.ts).
 */
export function armsHarmedBy(result: MetricResult): number[] {
  if (result.role !== "guardrail") return [];
  return result.arms.flatMap((arm, i) => (i > 0 && arm.vsControl?.outcome === "worse" ? [i] : []));
}
