import type { TestAnalytics } from "@contract/api";
import { formatPValue } from "@/features/test-detail/analytics/format-analytics";

/** A difference of rates in percentage points, signed: "+2.1", "−0.4". */
function points(value: number): string {
  const rounded = (value * 100).toFixed(1);
  return value > 0 ? `+${rounded}` : rounded.replace("-", "−");
}

function PValue({ value }: { value: number }) {
  return <span className="font-medium tabular-nums">{formatPValue(value)}</span>;
}

/**
 * The numbers behind the verdict, small: each variant's difference from A with the always-valid
 * interval the verdict reads, then, for statisticians, the fixed-horizon tests (valid for one look
 * only). With more than two variants the p-values are also given Holm-adjusted.
 */
export function ExpertNumbers({ analytics }: { analytics: TestAnalytics }) {
  const challengers = analytics.arms.flatMap((arm) =>
    arm.vsControl ? [{ ...arm.vsControl, label: arm.label }] : [],
  );
  const [only] = challengers;
  return (
    <div className="space-y-1 text-muted-foreground text-xs">
      <p data-testid="always-valid-intervals">
        Difference from A, in points, with its 95 % interval that holds however often you check:{" "}
        {challengers.map(({ label, difference, lower, upper }, index) => (
          <span key={label}>
            {index > 0 && "; "}
            {label} <span className="font-medium tabular-nums">{points(difference)}</span> ({points(lower)} to{" "}
            {points(upper)})
          </span>
        ))}
        .
      </p>
      <p>
        {challengers.length === 1 && only ? (
          <>
            Two-sided two-proportion z-test, valid for one look, p-value <PValue value={only.pValue} />
          </>
        ) : (
          <>
            Two-sided two-proportion z-tests against A, valid for one look, p-value (Holm-adjusted){" "}
            {challengers.map(({ label, pValue, adjustedPValue }, index) => (
              <span key={label}>
                {index > 0 && ", "}
                {label} <PValue value={pValue} /> (<PValue value={adjustedPValue} />)
              </span>
            ))}
          </>
        )}
        ; sample-ratio check p-value <PValue value={analytics.srmPValue} />.
      </p>
    </div>
  );
}
