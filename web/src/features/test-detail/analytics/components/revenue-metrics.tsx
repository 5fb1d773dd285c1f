import type { Interval, TestAnalytics } from "@contract/api";
import type { VariantMetric } from "@/features/test-detail/analytics/components/variant-metrics";
import { formatMoney } from "@/lib/split-tests/format-money";
import { cn } from "@/lib/utils";

/**
 * The revenue columns, shown once a test counts revenue or decides by it: revenue, revenue per visitor
 * and average order value with their 95 % intervals (the chances to earn the most are in the
 * statisticians' details).
 */
export function revenueMetrics({ arms, currency, primaryMetric }: TestAnalytics): VariantMetric[] {
  const decides = primaryMetric === "revenue_per_visitor";
  if (!decides && arms.every((arm) => arm.revenue.orders === 0)) return [];
  const money = (amount: number) => formatMoney(amount, currency);
  const interval = (value: Interval | null) =>
    value && (
      <span className="whitespace-nowrap text-muted-foreground">
        ({money(value.lower)} – {money(value.upper)})
      </span>
    );
  const metrics: VariantMetric[] = [
    { label: "Revenue", value: (arm) => money(arm.revenue.total) },
    {
      label: "Revenue per visitor (95 % interval)",
      value: (arm) => (
        <>
          <span className={cn(decides && "font-semibold")}>{money(arm.revenue.perVisitor)}</span>{" "}
          {interval(arm.revenue.perVisitorInterval)}
        </>
      ),
    },
    {
      label: "Average order value (95 % interval)",
      value: (arm) =>
        arm.revenue.averageOrderValue === null ? (
          "–"
        ) : (
          <>
            {money(arm.revenue.averageOrderValue)} {interval(arm.revenue.averageOrderValueInterval)}
          </>
        ),
    },
  ];
  return metrics;
}
