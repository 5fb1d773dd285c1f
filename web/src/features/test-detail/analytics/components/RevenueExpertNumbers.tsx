import type { TestAnalytics } from "@contract/api";
import { formatPValue } from "@/features/test-detail/analytics/format-analytics";
import { formatMoney } from "@/lib/split-tests/format-money";

/** A signed difference of money: "+€1.20", "−€0.40". */
function signedMoney(value: number, currency: string | null): string {
  const text = formatMoney(Math.abs(value), currency);
  if (value > 0) return `+${text}`;
  return value < 0 ? `−${text}` : text;
}

/**
 * The numbers behind a revenue verdict, small: each variant's difference in revenue per visitor from A
 * with the always-valid interval the verdict reads, then, for statisticians, Welch's t-tests (valid for
 * one look only; Holm-adjusted with more than two variants).
 */
export function RevenueExpertNumbers({ analytics }: { analytics: TestAnalytics }) {
  const { currency } = analytics;
  const challengers = analytics.arms.flatMap((arm) =>
    arm.revenue.vsControl ? [{ ...arm.revenue.vsControl, label: arm.label }] : [],
  );
  const money = (value: number) => signedMoney(value, currency);
  const several = analytics.arms.length > 2;
  return (
    <div className="space-y-1 text-muted-foreground text-xs">
      <p data-testid="revenue-always-valid-intervals">
        Difference in revenue per visitor from A, with its 95 % interval that holds however often you check:{" "}
        {challengers.length === 0
          ? "not yet, it needs visitors and orders in every version"
          : challengers.map(({ label, difference, lower, upper }, index) => (
              <span key={label}>
                {index > 0 && "; "}
                {label} <span className="font-medium tabular-nums">{money(difference)}</span> ({money(lower)}{" "}
                to {money(upper)})
              </span>
            ))}
        .
      </p>
      {challengers.length > 0 && (
        <p>
          Welch's t-test (valid for one look) on revenue per visitor against A, p-value
          {several && " (Holm-adjusted)"}{" "}
          {challengers.map(({ label, pValue, adjustedPValue }, index) => (
            <span key={label}>
              {index > 0 && ", "}
              {label} <span className="font-medium tabular-nums">{formatPValue(pValue)}</span>
              {several && <> ({formatPValue(adjustedPValue)})</>}
            </span>
          ))}
          ; sample-ratio check p-value{" "}
          <span className="font-medium tabular-nums">{formatPValue(analytics.srmPValue)}</span>.
        </p>
      )}
    </div>
  );
}
