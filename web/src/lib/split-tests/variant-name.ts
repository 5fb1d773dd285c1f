import type { Variant } from "@contract/api";

/** A variant's label with its name, if it has one: "B · Red button". */
export function labelWithName(label: Variant, name: string | null | undefined): string {
  return name ? `${label} · ${name}` : label;
}

/** The name of the variant with that label, among a test's variants. */
export function nameOf(variants: readonly { label: Variant; name: string | null }[], label: Variant) {
  return variants.find((variant) => variant.label === label)?.name ?? null;
}
