import type { Variant } from "@contract/api";
import { useId } from "react";
import { ConversionRate } from "@/components/split-tests/ConversionRate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { labelWithName } from "@/lib/split-tests/variant-name";

interface VariantStatsCardProps {
  variant: Variant;
  /** Its optional name, shown beside the label. */
  name?: string | null;
  /** Its share of the traffic in percent; left out for a 50/50 test of two. */
  weight?: number;
  clicks: number;
  conversions: number;
  rate: number;
  isHigher: boolean;
}

/** Clicks, conversions and conversion rate of one variant. */
export function VariantStatsCard({
  variant,
  name,
  weight,
  clicks,
  conversions,
  rate,
  isHigher,
}: VariantStatsCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            Version {labelWithName(variant, name)}
          </CardTitle>
          {weight !== undefined && <CardDescription>{weight} % of traffic</CardDescription>}
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Clicks</dt>
              <dd className="font-semibold text-2xl tabular-nums">{clicks}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Conversions</dt>
              <dd className="font-semibold text-2xl tabular-nums">{conversions}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Conv. Rate</dt>
              <dd className="font-semibold text-2xl">
                <ConversionRate rate={rate} isHigher={isHigher} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
