// The variant rules both the create form and the API apply.

/** Variants are labelled by their order; A is the control. */
export const VARIANT_LABELS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;
export type Variant = (typeof VARIANT_LABELS)[number];

/** Experiment: fixed weights. Optimise: a bandit moves traffic to the variants that convert better. */
export const TEST_MODES = ["experiment", "optimise"] as const;
export type TestMode = (typeof TEST_MODES)[number];

/** A test needs two variants to compare; one destination alone is a plain link (issue #49). */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = VARIANT_LABELS.length;
export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 99;
export const TOTAL_WEIGHT = 100;

/** A plain short link: one destination, counted clicks, no statistics, no verdict, no alert. */
export function isPlainLink(variants: readonly unknown[]): boolean {
  return variants.length === 1;
}

/** What a test is: a plain link (one destination) or a test of several. */
export const TEST_KINDS = ["link", "test"] as const;
export type TestKind = (typeof TEST_KINDS)[number];

/** The kind a test's variants make it: "link" with one destination, else "test". */
export function kindOf(variants: readonly unknown[]): TestKind {
  return isPlainLink(variants) ? "link" : "test";
}

export function isVariant(value: unknown): value is Variant {
  return typeof value === "string" && (VARIANT_LABELS as readonly string[]).includes(value);
}

/** The label of the variant at a position (0 is A). */
export function labelAt(index: number): Variant {
  const label = VARIANT_LABELS[index];
  if (label === undefined) throw new RangeError(`no variant at position ${index}`);
  return label;
}

/** Weights as even as whole numbers allow, the remainder going to the first variants: 34/33/33. */
export function evenWeights(count: number): number[] {
  const base = Math.floor(TOTAL_WEIGHT / count);
  const remainder = TOTAL_WEIGHT - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}

export type WeightsProblem = "count" | "weight" | "total";

/** What is wrong with a set of weights, in the order a person would fix it; null when nothing. */
export function weightsProblem(weights: readonly number[]): WeightsProblem | null {
  // A plain link: its one destination gets everyone.
  if (weights.length === 1) return weights[0] === TOTAL_WEIGHT ? null : "total";
  if (weights.length < MIN_VARIANTS || weights.length > MAX_VARIANTS) return "count";
  if (!weights.every((weight) => Number.isInteger(weight) && weight >= MIN_WEIGHT && weight <= MAX_WEIGHT))
    return "weight";
  if (weights.reduce((sum, weight) => sum + weight, 0) !== TOTAL_WEIGHT) return "total";
  return null;
}

/** A variant's label with its name, if it has one: "B · Red button". */
export function labelWithName(label: Variant, name: string | null | undefined): string {
  return name ? `${label} · ${name}` : label;
}

/** The name of the variant with that label, among a test's variants. */
export function nameOf(variants: readonly { label: Variant; name: string | null }[], label: Variant) {
  return variants.find((variant) => variant.label === label)?.name ?? null;
}
