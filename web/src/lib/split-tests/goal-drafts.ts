import type { SplitTest } from "@contract/api";
import { TEST_MESSAGES } from "@contract/messages";
import type { ConversionGoal, UrlMatch } from "@contract/tracking";
import { isHttpUrl } from "@contract/urls";

/** A goal as the form edits it: a page (its URL may still be empty: then no goal) or a call. */
export interface GoalDraft {
  kind: "page" | "call";
  url: string;
  match: UrlMatch;
}

export const NEW_GOAL: GoalDraft = { kind: "page", url: "", match: "equals" };

export function goalDraftOf(
  test: Pick<SplitTest, "conversionGoal" | "conversionUrl" | "conversionUrlMatch">,
): GoalDraft {
  return {
    kind: test.conversionGoal === "call" ? "call" : "page",
    url: test.conversionUrl ?? "",
    match: test.conversionUrlMatch,
  };
}

/** The goal the API is sent: a page without its URL is no goal yet, as the optional field promises. */
export function goalInput(draft: GoalDraft): {
  conversionGoal: ConversionGoal;
  conversionUrl: string | null;
  conversionUrlMatch: UrlMatch;
} {
  const url = draft.url.trim();
  if (draft.kind === "call")
    return { conversionGoal: "call", conversionUrl: null, conversionUrlMatch: draft.match };
  return {
    conversionGoal: url ? "page" : "none",
    conversionUrl: url || null,
    conversionUrlMatch: draft.match,
  };
}

/** What is wrong with the goal, with the create form's message; null when nothing. */
export function goalProblem(draft: GoalDraft): string | null {
  const url = draft.url.trim();
  return draft.kind === "page" && url && !isHttpUrl(url) ? TEST_MESSAGES.invalidUrls : null;
}
