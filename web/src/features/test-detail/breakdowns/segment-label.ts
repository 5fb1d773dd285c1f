import type { Segment, TestBreakdowns } from "@contract/api";
import { RULE_MESSAGES } from "@contract/messages";

export type Dimension = keyof TestBreakdowns;

export const DIMENSIONS: { dimension: Dimension; label: string; other: string }[] = [
  { dimension: "device", label: "Device", other: "Other devices" },
  { dimension: "os", label: "Operating system", other: "Other systems" },
  { dimension: "country", label: "Country", other: "Other countries" },
  { dimension: "referrer", label: "Referrer", other: "Other referrers" },
];

let regionNames: Intl.DisplayNames | null | undefined;

/** "Germany (DE)"; the bare code where the browser has no name for it. */
function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  const name = regionNames?.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** A segment's name as the table's row header. */
export function segmentLabel(dimension: Dimension, segment: Segment): string {
  if (segment.kind === "other") return DIMENSIONS.find((d) => d.dimension === dimension)?.other ?? "Other";
  if (segment.kind === "unknown") return dimension === "referrer" ? "No referrer or unknown" : "Unknown";
  if (dimension === "device") return RULE_MESSAGES.summary.device(segment.value);
  if (dimension === "os") return RULE_MESSAGES.osName(segment.value);
  if (dimension === "country") return countryName(segment.value);
  return segment.value;
}
