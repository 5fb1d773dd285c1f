import type { SplitTest } from "@contract/api";
import { END_MESSAGES } from "@contract/messages";
import { labelWithName, nameOf } from "@contract/variants";

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const number = new Intl.NumberFormat("en");

type EndFields = Pick<SplitTest, "endsAt" | "endAfterVisitors" | "onEnd" | "stopEarly">;

/** When a running test ends, in words; null when it has no end and does not stop early. */
export function whenItEnds(test: EndFields): string | null {
  const date = test.endsAt ? dateTime.format(new Date(test.endsAt)) : null;
  const visitors = test.endAfterVisitors === null ? null : `${number.format(test.endAfterVisitors)} visitors`;
  const early = test.stopEarly ? "It stops earlier as soon as there is a clear winner." : "";
  if (date && visitors) return `Ends on ${date} or at ${visitors}, whichever comes first. ${early}`.trim();
  if (date) return `Ends on ${date}. ${early}`.trim();
  if (visitors) return `Ends at ${visitors}. ${early}`.trim();
  return test.stopEarly ? "Ends as soon as there is a clear winner." : null;
}

/** What a running test's end will do; null without an end. */
export function whatHappensAtTheEnd(test: EndFields): string | null {
  return whenItEnds(test) === null ? null : END_MESSAGES.plan[test.onEnd];
}

type PromotedFields = Pick<SplitTest, "winnerVariant" | "variants">;

/** The promoted version with its name, if it has one ("B · Red button"); null when none was. */
export function promotedVersion(test: PromotedFields): string | null {
  return test.winnerVariant && labelWithName(test.winnerVariant, nameOf(test.variants, test.winnerVariant));
}

/** Why a test that ended on its own ended and what its end did; null for a running or promoted one. */
export function howItEnded(
  test: Pick<SplitTest, "endedBy" | "endResult" | "afterUrl"> & PromotedFields,
): string | null {
  if (!test.endedBy || !test.endResult) return null;
  const result =
    test.endResult === "promoted"
      ? END_MESSAGES.result.promoted(promotedVersion(test) ?? "A")
      : END_MESSAGES.result[test.endResult];
  const page = test.endResult === "url" && test.afterUrl ? ` After-page: ${test.afterUrl}` : "";
  return `${END_MESSAGES.reason[test.endedBy]} ${result}${page}`;
}
