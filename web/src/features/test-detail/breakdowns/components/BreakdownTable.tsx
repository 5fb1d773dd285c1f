import type { Segment, Variant } from "@contract/api";
import { labelWithName, nameOf } from "@contract/variants";
import {
  formatCount,
  formatInterval,
  formatPercent,
} from "@/features/test-detail/analytics/format-analytics";
import { type Dimension, segmentLabel } from "@/features/test-detail/breakdowns/segment-label";

interface BreakdownTableProps {
  dimension: Dimension;
  /** The dimension's name, such as "Device": the first column's header. */
  label: string;
  segments: readonly Segment[];
  /** The test's variants, for their names. */
  names?: readonly { label: Variant; name: string | null }[];
}

/**
 * A row per segment, a column per version: its rate with the 95 % interval, and the conversions out of
 * the visitors. Wider than a phone with many versions: its tab panel scrolls sideways.
 */
export function BreakdownTable({ dimension, label, segments, names = [] }: BreakdownTableProps) {
  const variants = segments[0]?.arms.map((arm) => arm.label) ?? [];
  if (segments.length === 0) return <p className="text-muted-foreground text-sm">No visitors here yet.</p>;
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">
        Each version's conversion rate, with its 95 % interval, and its conversions and visitors by{" "}
        {label.toLowerCase()}
      </caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="px-3 py-2 font-medium">
            {label}
          </th>
          {variants.map((variant) => (
            <th key={variant} scope="col" className="px-3 py-2 font-medium">
              Version {labelWithName(variant, nameOf(names, variant))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {segments.map((segment) => (
          <tr key={`${segment.kind}:${segment.value}`} className="border-b align-top last:border-0">
            <th scope="row" className="px-3 py-2 font-normal">
              {segmentLabel(dimension, segment)}
            </th>
            {segment.arms.map((arm) => (
              <td key={arm.label} className="px-3 py-2">
                <span className="whitespace-nowrap">
                  <span className="font-medium">{formatPercent(arm.rate)}</span>{" "}
                  <span className="text-muted-foreground text-xs">{formatInterval(arm.interval)}</span>
                </span>
                <span className="block whitespace-nowrap text-muted-foreground text-xs">
                  {formatCount(arm.conversions)} of {formatCount(arm.visitors)}{" "}
                  {arm.visitors === 1 ? "visitor" : "visitors"} converted
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
