import type { Variant } from "@contract/api";
import { useId } from "react";
import { ConversionRate } from "@/components/tests/ConversionRate";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

interface VariantStatsCardProps {
  variant: Variant;
  clicks: number;
  conversions: number;
  rate: number;
  isHigher: boolean;
}

/** Clicks, conversions and conversion rate of one variant. */
export function VariantStatsCard({ variant, clicks, conversions, rate, isHigher }: VariantStatsCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            Version {variant}
          </CardTitle>
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
