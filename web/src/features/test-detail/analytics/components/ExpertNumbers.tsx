import type { TestAnalytics } from "@contract/api";
import { formatPValue } from "@/features/test-detail/analytics/format-analytics";

function PValue({ value }: { value: number }) {
  return <span className="font-medium tabular-nums">{formatPValue(value)}</span>;
}

/**
 * The test statistics behind the verdict, small, for those who want them. With more than two variants,
 * each is tested against A, and the p-values are also given Holm-adjusted for the several comparisons.
 */
export function ExpertNumbers({ analytics }: { analytics: TestAnalytics }) {
  const challengers = analytics.arms.flatMap((arm) =>
    arm.vsControl ? [{ ...arm.vsControl, label: arm.label }] : [],
  );
  const [only] = challengers;
  return (
    <p className="text-muted-foreground text-xs">
      {challengers.length === 1 && only ? (
        <>
          For statisticians: two-sided two-proportion z-test p-value <PValue value={only.pValue} />
        </>
      ) : (
        <>
          For statisticians: two-sided two-proportion z-tests against A, p-value (Holm-adjusted){" "}
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
  );
}
