/** A conversion rate in percent with one decimal and a percent sign: 12.5%, and 0.0% without clicks. */
export function formatRate(rate: number): string {
  return `${(Number.isFinite(rate) ? rate : 0).toFixed(1)}%`;
}
