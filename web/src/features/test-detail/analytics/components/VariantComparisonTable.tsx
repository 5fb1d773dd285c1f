import type { TestAnalytics } from "@contract/api";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";
import {
  chancesToBeat,
  VARIANT_METRICS,
  VARIANTS,
} from "@/features/test-detail/analytics/components/variant-metrics";

/** Both variants' numbers side by side, one metric a row; from 768 px up. */
export function VariantComparisonTable({ analytics }: { analytics: TestAnalytics }) {
  const chances = chancesToBeat(analytics);
  return (
    <div className="rounded-lg border">
      <Table className="tabular-nums">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">
              <span className="sr-only">Metric</span>
            </TableHead>
            {VARIANTS.map((variant) => (
              <TableHead key={variant} scope="col" className="text-foreground">
                <span className="flex items-center gap-2">
                  Version {variant}
                  <VariantSwatch variant={variant} />
                </span>
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {VARIANT_METRICS.map(({ label, value }) => (
            <TableRow key={label} className="hover:bg-transparent">
              <TableHead scope="row" className="h-auto whitespace-normal py-3 font-normal">
                {label}
              </TableHead>
              {VARIANTS.map((variant) => (
                <TableCell key={variant}>{value(analytics[variant], chances[variant])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
