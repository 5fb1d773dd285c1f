import type { TestAnalytics, Variant, VariantAnalytics } from "@contract/api";
import type { ReactNode } from "react";
import {
  formatChance,
  formatCount,
  formatInterval,
  formatPercent,
} from "@/features/test-detail/analytics/format-analytics";
import { cn } from "@/lib/utils";

/** A chance to beat the other at or above this reads as a win: shown in green. */
const CONFIDENT = 0.95;

export const VARIANTS: readonly Variant[] = ["A", "B"];

export interface VariantMetric {
  label: string;
  value: (arm: VariantAnalytics, chanceToBeat: number) => ReactNode;
}

/** What the page shows per variant, in order; the table and the phone cards share it. */
export const VARIANT_METRICS: readonly VariantMetric[] = [
  { label: "Clicks", value: (arm) => formatCount(arm.clicks) },
  { label: "Visitors", value: (arm) => formatCount(arm.visitors) },
  { label: "Conversions", value: (arm) => formatCount(arm.conversions) },
  {
    label: "Conversion rate (95 % interval)",
    value: (arm) => (
      <>
        <span className="font-semibold">{formatPercent(arm.rate)}</span>{" "}
        <span className="whitespace-nowrap text-muted-foreground">{formatInterval(arm.interval)}</span>
      </>
    ),
  },
  {
    label: "Chance to beat the other",
    value: (_arm, chance) => (
      <span className={cn("font-semibold", chance >= CONFIDENT && "text-success")}>
        {formatChance(chance)}
      </span>
    ),
  },
];

/** Each variant's chance to beat the other. */
export function chancesToBeat(analytics: TestAnalytics): Record<Variant, number> {
  return { A: analytics.chanceABeatsB, B: analytics.chanceBBeatsA };
}
