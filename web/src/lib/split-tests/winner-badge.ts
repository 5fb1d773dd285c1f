import type { TestWithStats } from "@contract/api";
import { labelWithName, nameOf } from "@contract/variants";

export type WinnerOf = Pick<
  TestWithStats,
  "status" | "winnerVariant" | "endResult" | "stats" | "variants" | "kind"
>;

/** Beside a version that only leads, wherever it is named: the verdict has not decided. */
export const NOT_PROVEN = "not proven yet";

/** Beside a version that won the primary metric but is proven worse on a guardrail: nothing deploys it. */
export const heldBy = (guardrail: string) => `held: proven worse on ${guardrail}`;

/** Whether the owner promoted a version: a completed test that ended promoting one. */
function promotedOf(test: WinnerOf): boolean {
  return test.status === "completed" && (test.endResult === null || test.endResult === "promoted");
}

/** Whether the test is decided: the owner promoted a version, or the test's one verdict names one. */
function isDecided(test: WinnerOf): boolean {
  return (promotedOf(test) && test.winnerVariant !== null) || test.stats.decided !== null;
}

/**
 * The specification's winner rule as a badge's text and style: no data, a tie, or the leading version
 * with its name, if it has one ("Version B · Red button"). A completed test names the version it
 * promoted, which the rates need not agree with; one that ended sending everyone to the control, or
 * keeping its split, promoted none. The filled style is kept for a decided test (promoted, or named by
 * the always-valid verdict); until then the version only leads, and its badge is an outline.
 */
export function winnerBadge(test: WinnerOf): { text: string; style: "outline" | "secondary" | "default" } {
  // The server's one verdict (`decided`), else the leader (`winner`, the specification's highest rate).
  const named =
    promotedOf(test) && test.winnerVariant ? test.winnerVariant : (test.stats.decided ?? test.stats.winner);
  if (named === null) return { text: "Not enough data", style: "outline" };
  if (named === "tie") return { text: "Tie", style: "secondary" };
  return {
    text: `Version ${labelWithName(named, nameOf(test.variants, named))}`,
    style: isDecided(test) ? "default" : "outline",
  };
}
