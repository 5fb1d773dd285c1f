/**
 * Whether a test is the specification's kind: two variants, 50/50. Its screens stay as the specification
 * has them; any other test also shows each variant's share of the traffic.
 */
export function isPlainAbTest(variants: readonly { weight: number }[]): boolean {
  return variants.length === 2 && variants.every((variant) => variant.weight === 50);
}
