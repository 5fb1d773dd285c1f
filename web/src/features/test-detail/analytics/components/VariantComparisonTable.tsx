import type { TestAnalytics } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";
import { variantMetrics } from "@/features/test-detail/analytics/components/variant-metrics";

/** Two variants' numbers side by side, one metric a row; from 768 px up. */
export function VariantComparisonTable({ analytics }: { analytics: TestAnalytics }) {
  const { arms } = analytics;
  return (
    <div className="rounded-lg border">
      <Table className="tabular-nums">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">
              <span className="sr-only">Metric</span>
            </TableHead>
            {arms.map((arm) => (
              <TableHead key={arm.label} scope="col" className="text-foreground">
                <span className="flex items-center gap-2">
                  Version {labelWithName(arm.label, arm.name)}
                  <VariantSwatch variant={arm.label} />
                </span>
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {variantMetrics(analytics).map(({ label, value }) => (
            <TableRow key={label} className="hover:bg-transparent">
              <TableHead scope="row" className="h-auto whitespace-normal py-3 font-normal">
                {label}
              </TableHead>
              {arms.map((arm) => (
                <TableCell key={arm.label}>{value(arm)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
