import type { TestVariant, Variant } from "@contract/api";
import { labelWithName, nameOf } from "@contract/variants";

/**
 * The promote controls' words. "Winner" only when the always-valid verdict names one (`decided`, with
 * `leading` that winner); any other version, or every version before a verdict, is "version C".
 */
export function promoteWording({
  decided,
  leading,
  choice,
  variants,
}: {
  decided: boolean;
  leading: Variant | null;
  choice: Variant | null;
  variants: readonly Pick<TestVariant, "label" | "name">[];
}) {
  const isWinner = decided && choice !== null && choice === leading;
  return {
    trigger: decided ? "Promote winner" : "Choose a version",
    title: "Send everyone to one version",
    /** Before a verdict, what choosing means: nothing is proven, and ending is for good. */
    notProven: decided
      ? null
      : `${leading ? `Not proven yet: version ${labelWithName(leading, nameOf(variants, leading))} only leads so far.` : "Not proven yet: no version leads."} Choosing one now ends the test for good and freezes its results as they are.`,
    submit:
      choice === null
        ? "Promote"
        : `${isWinner ? "Promote the winner, version" : "Promote version"} ${labelWithName(choice, nameOf(variants, choice))}`,
  };
}
