import type { TestAnalytics } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";
import { variantMetrics } from "@/features/test-detail/analytics/components/variant-metrics";

/** Three variants or more: a row per variant, one metric a column; from 768 px up. */
export function VariantArmsTable({ analytics }: { analytics: TestAnalytics }) {
  const metrics = variantMetrics(analytics);
  return (
    <div className="rounded-lg border">
      <Table className="tabular-nums">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">Version</TableHead>
            {metrics.map(({ label }) => (
              <TableHead key={label} scope="col" className="h-auto whitespace-normal py-2">
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {analytics.arms.map((arm) => (
            <TableRow key={arm.label} className="hover:bg-transparent">
              <TableHead scope="row" className="text-foreground">
                <span className="flex items-center gap-2">
                  {labelWithName(arm.label, arm.name)}
                  <VariantSwatch variant={arm.label} />
                </span>
              </TableHead>
              {metrics.map(({ label, value }) => (
                <TableCell key={label}>{value(arm)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
