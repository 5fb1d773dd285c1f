import type { Variant } from "@contract/api";
import { TriangleAlertIcon } from "lucide-react";
import { useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AnalyticsEmpty } from "@/features/test-detail/analytics/components/AnalyticsEmpty";
import { AnalyticsLoadFailed } from "@/features/test-detail/analytics/components/AnalyticsLoadFailed";
import { BreakdownTable } from "@/features/test-detail/breakdowns/components/BreakdownTable";
import { DIMENSIONS } from "@/features/test-detail/breakdowns/segment-label";
import { useTestBreakdowns } from "@/features/test-detail/breakdowns/use-test-breakdowns";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { BREAKDOWN_MESSAGES } from "../messages";

/**
 * Each version's numbers per device, operating system, country and referrer, with a word of caution;
 * the conversions of the primary metric, or of a secondary metric or guardrail chosen here.
 */
export function BreakdownsSection({
  slug,
  variants,
  metrics = [],
}: {
  slug: string;
  /** The test's variants, for their names. */
  variants?: readonly { label: Variant; name: string | null }[];
  /** The test's metrics, the primary first: their conversions can be broken down. */
  metrics?: readonly { name: string; role: string }[];
}) {
  const [metric, setMetric] = useState<string | null>(null);
  const { state, retry } = useTestBreakdowns(slug, metric);
  const metricId = useId();

  function content() {
    if (state.status === "loading") {
      return (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      );
    }
    if (state.status === "failed")
      return <AnalyticsLoadFailed onRetry={retry} message={BREAKDOWN_MESSAGES.loadFailed} />;
    const { breakdowns } = state;
    const visitors = breakdowns.device.reduce(
      (sum, segment) => sum + segment.arms.reduce((total, arm) => total + arm.visitors, 0),
      0,
    );
    if (visitors === 0) return <AnalyticsEmpty message={BREAKDOWN_MESSAGES.noData} />;
    return (
      <div className="grid grid-cols-1 gap-4">
        <p className="flex items-start gap-3 rounded-lg border border-warning/50 bg-warning-muted px-4 py-3 text-sm text-warning-foreground">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{BREAKDOWN_MESSAGES.warning}</span>
        </p>
        {metrics.length > 1 && (
          <div className="grid max-w-xs gap-2">
            <Label htmlFor={metricId}>Conversions of</Label>
            <NativeSelect
              id={metricId}
              value={metric ?? ""}
              onChange={(event) => setMetric(event.target.value || null)}
            >
              {metrics.map(({ name, role }) => (
                <option key={name} value={role === "primary" ? "" : name}>
                  {role === "primary" ? `${name} (decides)` : name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Tabs defaultValue="device" className="min-w-0">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4" aria-label="Break down by">
            {DIMENSIONS.map(({ dimension, label }) => (
              <TabsTrigger key={dimension} value={dimension} className="h-8">
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {DIMENSIONS.map(({ dimension, label }) => (
            // The panel is focusable and labelled by its tab: a wide table scrolls with the keyboard too.
            <TabsContent key={dimension} value={dimension} className="overflow-x-auto rounded-lg border">
              <BreakdownTable
                dimension={dimension}
                label={label}
                segments={breakdowns[dimension]}
                names={variants}
              />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    );
  }

  return (
    <DetailSection title="Breakdowns">
      <div aria-busy={state.status === "loading"}>{content()}</div>
    </DetailSection>
  );
}
