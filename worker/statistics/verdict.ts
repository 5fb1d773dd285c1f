/**
 * The test's one verdict (issue #46): the only place that decides whether a version wins, that no
 * version is clearly different, or that the test must keep collecting. Every reader takes it from
 * here, through services/analytics.ts (`analyticsOf` for the test page, the share page and Slack;
 * `verdictOfTest` for both APIs' stats, the dashboard, the digest, and the autopilot with its alerts by
 * email, Slack and webhooks). contract/messages/analytics.ts ANALYTICS_MESSAGES.keepCollecting words it.
 *
 * It decides on one set of totals, the deciding ones: an optimised test's are reweighted by period
 * (reweight.ts), every other test's are its totals as counted. "A winner" always means this verdict's;
 * the specification's highest rate is the leader (summary.ts `pickLeader`), which decides nothing.
 *
 * - the test's primary metric picks the always-valid rule: conversions per visitor (sequential.ts) or
 *   revenue per visitor (revenue.ts), both deciding with `verdictOfIntervals` once every arm has
 *   `enough` (counts.ts);
 * - a winner must still win without what its top addresses brought the test (`withoutTopAddresses`,
 *   the forged-traffic check of services/analytics.ts `heldBackOf`), else the test keeps collecting;
 * - before the test's minimum days are up (`collectingUntil`), it keeps collecting whatever the numbers
 *   say: whole weeks before any call (issue #48);
 * - while collecting, the visitors each arm still needs (analysis.ts, revenue.ts), null if unknown.
 */

import type { PrimaryMetric, TestAnalytics, Variant } from "../../contract/api";
import { isPlainLink, labelAt } from "../../contract/variants";
import { visitorsStillNeeded } from "./analysis";
import { analyzeRevenue } from "./revenue";
import { sequentialVerdict } from "./sequential";
import { armCounts, revenueCounts, type VariantTotals } from "./summary";

export type Verdict = TestAnalytics["verdict"];

/** What a verdict says while nothing is decided and more visitors are needed. */
function keepCollecting(additionalVisitorsPerArm: number | null, until: number | null = null): Verdict {
  return { status: "keep collecting", winner: null, additionalVisitorsPerArm, until, guardrail: null };
}

/** The always-valid rule alone, on these totals. */
function byTheNumbers(metric: PrimaryMetric, totals: readonly VariantTotals[]): Verdict {
  const { status, winner, additionalVisitorsPerArm } =
    metric === "revenue_per_visitor"
      ? analyzeRevenue(totals.map(revenueCounts)).verdict
      : {
          ...sequentialVerdict(totals.map(armCounts)),
          additionalVisitorsPerArm: visitorsStillNeeded(totals.map(armCounts)).additionalVisitorsPerArm,
        };
  if (winner !== null) {
    const label = labelAt(winner);
    return {
      status: `${label} wins`,
      winner: label,
      additionalVisitorsPerArm: null,
      until: null,
      guardrail: null,
    };
  }
  if (status === "keep collecting") return keepCollecting(additionalVisitorsPerArm);
  return {
    status: "no clear difference",
    winner: null,
    additionalVisitorsPerArm: null,
    until: null,
    guardrail: null,
  };
}

/**
 * The verdict on the deciding totals, by the primary metric. `withoutTopAddresses` answers the same
 * totals without what the addresses that converted most for the winner brought every variant; null
 * when the test's conversions come from the server only (no address to hold back). `collectingUntil`:
 * when the test's minimum days are up, while they run; null once they are. `guardrailAgainst` names
 * the guardrail a winner other than A is proven worse on (metrics.ts), still without what that
 * guardrail's top addresses brought the test (services/analytics.ts), if any: the winner is then held,
 * and nothing deploys, promotes or alerts it (issue #48).
 */
export async function verdictOf(
  metric: PrimaryMetric,
  totals: readonly VariantTotals[],
  withoutTopAddresses: ((winner: Variant) => Promise<readonly VariantTotals[]>) | null,
  collectingUntil: number | null = null,
  guardrailAgainst: (winner: Variant) => Promise<string | null> = async () => null,
): Promise<Verdict> {
  // A plain link has nothing to compare: it never decides (issue #49).
  if (isPlainLink(totals)) return keepCollecting(null);
  const verdict = byTheNumbers(metric, totals);
  if (collectingUntil !== null) {
    const more = verdict.status === "keep collecting" ? verdict.additionalVisitorsPerArm : null;
    return keepCollecting(more, collectingUntil);
  }
  if (!verdict.winner) return verdict;
  if (withoutTopAddresses) {
    const without = await withoutTopAddresses(verdict.winner);
    if (byTheNumbers(metric, without).winner !== verdict.winner) return keepCollecting(null);
  }
  const guardrail = await guardrailAgainst(verdict.winner);
  if (guardrail === null) return verdict;
  return {
    status: "held by a guardrail",
    winner: null,
    additionalVisitorsPerArm: null,
    until: null,
    guardrail: { variant: verdict.winner, metric: guardrail },
  };
}
