import type { TestWithStats } from "@contract/api";
import { NEW_PLAN, type PlanDraft } from "@/lib/split-tests/plan-text";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Up to two decimals, without trailing zeros: 4.5, 12, 0.33. */
const short = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The planner's start on a test's page: A's conversions per visitor so far (the rate the verdict uses)
 * and the visitors a day since the test was created; where the test has none yet, what its owner
 * planned with at creation (`plan`), else the defaults. The lift worth finding is always the plan's.
 */
export function planDraftOfTest(test: TestWithStats, now = Date.now()): PlanDraft {
  const planned = test.plan && {
    rate: short(test.plan.baselineRate * 100),
    lift: short(test.plan.relativeLift * 100),
    dailyVisitors: short(test.plan.dailyVisitors),
  };
  const start = planned ?? NEW_PLAN;
  const arms = test.stats.arms;
  const control = arms[0];
  const visitors = arms.reduce((sum, arm) => sum + arm.visitors, 0);
  const days = Math.max(1, (now - test.createdAt) / DAY_MS);
  const rate =
    control && control.visitors > 0 && control.conversions > 0 && control.conversions < control.visitors
      ? short((control.conversions / control.visitors) * 100)
      : start.rate;
  return {
    rate,
    lift: start.lift,
    dailyVisitors: visitors > 0 ? String(Math.max(1, Math.round(visitors / days))) : start.dailyVisitors,
  };
}
