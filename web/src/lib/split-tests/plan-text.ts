import { isPlannable, type Plan, planTest, type SavedPlan } from "@contract/planner";

/** What the planner's fields hold, as typed: percentages and a count. */
export interface PlanDraft {
  /** Today's conversion rate in percent ("4.5"). */
  rate: string;
  /** The smallest lift worth finding, in percent of today's rate ("10" for +10 %). */
  lift: string;
  /** Visitors a day through the link. */
  dailyVisitors: string;
}

export const NEW_PLAN: PlanDraft = { rate: "5", lift: "20", dailyVisitors: "500" };

const count = new Intl.NumberFormat("en-US");

/** A typed number, or NaN when the text is not one ("", "abc"); a comma may stand for the decimal point. */
function parseNumber(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** What the create form saves with the test: the planner's inputs once the marketer changed them, else null. */
export function savedPlanOf(draft: PlanDraft): SavedPlan | null {
  if (
    draft.rate === NEW_PLAN.rate &&
    draft.lift === NEW_PLAN.lift &&
    draft.dailyVisitors === NEW_PLAN.dailyVisitors
  )
    return null;
  const plan = {
    baselineRate: parseNumber(draft.rate) / 100,
    relativeLift: parseNumber(draft.lift) / 100,
    dailyVisitors: parseNumber(draft.dailyVisitors),
  };
  return isPlannable(plan) ? plan : null;
}

/** Weights a plan can go by: every one a positive number (a half-typed weight counts as an even split). */
function usableWeights(weights: readonly number[]): readonly number[] | undefined {
  return weights.every((weight) => Number.isFinite(weight) && weight > 0) ? weights : undefined;
}

/** The plan for versions with these weights (percent, A first), or null when a field is empty or out of range. */
export function planOfDraft(draft: PlanDraft, weights: readonly number[]): Plan | null {
  return planTest({
    baselineRate: parseNumber(draft.rate) / 100,
    relativeLift: parseNumber(draft.lift) / 100,
    dailyVisitors: parseNumber(draft.dailyVisitors),
    arms: weights.length,
    weights: usableWeights(weights),
  });
}

/** The planner's answer in one or two sentences. */
export function planText(draft: PlanDraft, weights: readonly number[]): string {
  const plan = planOfDraft(draft, weights);
  if (!plan) {
    return "Enter a conversion rate between 0 and 100 %, a lift above 0 % that keeps it below 100 %, and visitors a day above 0.";
  }
  const days = plan.days === 1 ? "1 day" : `${count.format(plan.days)} days`;
  const smallest = Math.min(...(usableWeights(weights) ?? [100 / weights.length]));
  const uneven = smallest < 100 / weights.length - 0.5;
  const share = uneven
    ? ` The version with the smallest share (${count.format(smallest)} %) sets the pace.`
    : "";
  return `Each version needs about ${count.format(plan.visitorsPerArm)} visitors (${count.format(plan.totalVisitors)} in all): about ${days} at ${count.format(parseNumber(draft.dailyVisitors))} visitors a day.${share}`;
}
