import type { Variant } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { useId } from "react";
import { ConversionRate } from "@/components/split-tests/ConversionRate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatRate } from "@/lib/split-tests/format-rate";

interface VariantStatsCardProps {
  variant: Variant;
  /** Its optional name, shown beside the label. */
  name?: string | null;
  /** Its share of the traffic in percent; left out for a 50/50 test of two. */
  weight?: number;
  clicks: number;
  visitors: number;
  conversions: number;
  /** Conversions per unique visitor, in percent: the rate the verdict uses. */
  rate: number;
  /** The specification's rate, conversions per click, in percent. */
  clickRate: number;
  isHigher: boolean;
}

/**
 * One variant's visitors, conversions and conversion rate per visitor (the verdict's figure) first,
 * then its clicks and the specification's Conv. Rate per click, named apart.
 */
export function VariantStatsCard({
  variant,
  name,
  weight,
  clicks,
  visitors,
  conversions,
  rate,
  clickRate,
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
              <dt className="text-muted-foreground text-xs">Visitors</dt>
              <dd className="font-semibold text-2xl tabular-nums">{visitors}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Conversions</dt>
              <dd className="font-semibold text-2xl tabular-nums">{conversions}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Conversion rate per visitor</dt>
              <dd className="font-semibold text-2xl">
                <ConversionRate rate={rate} isHigher={isHigher} />
              </dd>
            </div>
          </dl>
          <dl className="mt-3 flex flex-wrap justify-center gap-x-4 text-muted-foreground text-xs">
            <div className="flex gap-1">
              <dt>Clicks</dt>
              <dd className="tabular-nums">{clicks}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Conv. Rate per click</dt>
              <dd className="tabular-nums">{formatRate(clickRate)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
