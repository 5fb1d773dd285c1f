import type { TestAnalytics } from "@contract/api";
import { formatPValue } from "@/features/test-detail/analytics/format-analytics";

/** The test statistics behind the verdict, small, for those who want them. */
export function ExpertNumbers({ analytics }: { analytics: TestAnalytics }) {
  return (
    <p className="text-muted-foreground text-xs">
      For statisticians: two-sided two-proportion z-test p-value{" "}
      <span className="font-medium tabular-nums">{formatPValue(analytics.pValue)}</span>; sample-ratio check
      p-value <span className="font-medium tabular-nums">{formatPValue(analytics.srmPValue)}</span>.
    </p>
  );
}
