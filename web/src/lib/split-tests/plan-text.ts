import { type Plan, planTest } from "@contract/planner";

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

/** The plan for `arms` versions, or null when a field is empty or out of range. */
export function planOfDraft(draft: PlanDraft, arms: number): Plan | null {
  return planTest({
    baselineRate: parseNumber(draft.rate) / 100,
    relativeLift: parseNumber(draft.lift) / 100,
    dailyVisitors: parseNumber(draft.dailyVisitors),
    arms,
  });
}

/** The planner's answer in one or two sentences. */
export function planText(draft: PlanDraft, arms: number): string {
  const plan = planOfDraft(draft, arms);
  if (!plan) {
    return "Enter a conversion rate between 0 and 100 %, a lift above 0 % that keeps it below 100 %, and visitors a day above 0.";
  }
  const days = plan.days === 1 ? "1 day" : `${count.format(plan.days)} days`;
  return `Each version needs about ${count.format(plan.visitorsPerArm)} visitors (${count.format(plan.totalVisitors)} in all): about ${days} at ${count.format(parseNumber(draft.dailyVisitors))} visitors a day.`;
}
