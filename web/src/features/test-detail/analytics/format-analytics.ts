import type { RateInterval } from "@contract/api";

/** A fraction as a percentage with one decimal: 0.124 → "12.4 %". */
export function formatPercent(fraction: number): string {
  return `${toPercent(fraction)} %`;
}

/** A 95 % interval in brackets: "(10.1 – 15.0 %)". */
export function formatInterval(interval: RateInterval): string {
  return `(${toPercent(interval.lower)} – ${toPercent(interval.upper)} %)`;
}

/** A chance to beat; the extremes read "> 99.9 %" and "< 0.1 %" rather than a certainty the data can't give. */
export function formatChance(fraction: number): string {
  if (fraction > 0.9995) return "> 99.9 %";
  if (fraction < 0.0005) return "< 0.1 %";
  return formatPercent(fraction);
}

/** A p-value with three decimals; "< 0.001" below that. */
export function formatPValue(pValue: number): string {
  if (!Number.isFinite(pValue)) return "–";
  return pValue < 0.001 ? "< 0.001" : pValue.toFixed(3);
}

/** A count with thousands separators: 12,345. */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

function toPercent(fraction: number): string {
  return ((Number.isFinite(fraction) ? fraction : 0) * 100).toFixed(1);
}
