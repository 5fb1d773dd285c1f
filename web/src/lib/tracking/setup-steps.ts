import type { SplitTest, TrackingSetup } from "@contract/api";
import { registrableDomainOf } from "@contract/tracking";
import { formatTimeAgo } from "@/lib/time";

type TrackedTest = Pick<SplitTest, "link" | "variants" | "conversionGoal" | "conversionUrl">;

/** One step of the setup checklist: done, or what to do about it. */
export interface SetupStep {
  label: string;
  done: boolean;
  detail: string;
}

export const NO_GOAL_TEXT = "This test has no goal yet, so it counts no conversions by itself.";

/**
 * The setup checklist, in the order a visit goes: the link opened, the tag on a landing page and on the
 * goal page, the first conversion. A step not done yet says what to fix.
 */
export function setupSteps(test: TrackedTest, setup: TrackingSetup, now: number = Date.now()): SetupStep[] {
  const ago = (time: number) => formatTimeAgo(time, now);
  const seen = (sighting: { host: string; path: string; seenAt: number }) =>
    `${sighting.host}${sighting.path}, ${ago(sighting.seenAt)}`;
  const landingHosts = [...new Set(test.variants.map(({ url }) => hostOf(url)))].join(", ");
  return [
    setup.linkOpenedAt !== null
      ? { label: "Link opened", done: true, detail: `First visitor ${ago(setup.linkOpenedAt)}` }
      : {
          label: "Link opened",
          done: false,
          detail: `Nobody has opened ${test.link} yet: open it once to try it.`,
        },
    setup.landingTag
      ? { label: "Tag on a landing page", done: true, detail: seen(setup.landingTag) }
      : {
          label: "Tag on a landing page",
          done: false,
          detail: `The tag has not run on a page reached from the split link yet: paste it on the pages of ${landingHosts}.`,
        },
    goalStep(test, setup, seen),
    setup.firstConversionAt !== null
      ? { label: "First conversion", done: true, detail: ago(setup.firstConversionAt) }
      : { label: "First conversion", done: false, detail: "No conversion yet." },
  ];
}

function goalStep(
  test: TrackedTest,
  setup: TrackingSetup,
  seen: (sighting: NonNullable<TrackingSetup["goalTag"]>) => string,
): SetupStep {
  if (test.conversionGoal === "page" && test.conversionUrl)
    return setup.goalTag
      ? { label: "Tag on the goal page", done: true, detail: seen(setup.goalTag) }
      : {
          label: "Tag on the goal page",
          done: false,
          detail: `The tag has not run on ${test.conversionUrl} yet: paste it there, then open the page once to check.`,
        };
  if (test.conversionGoal === "call")
    return {
      label: "Conversion call",
      done: setup.firstConversionAt !== null,
      detail:
        "Your page calls splitlink.convert(), or its tag carries data-convert, when a visitor converts.",
    };
  return { label: "Goal", done: false, detail: "Set a goal below: a page visit or a call from your page." };
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/**
 * The landing pages' sites and the goal page's when they differ: a first-party cookie cannot reach from
 * one registrable domain to another, so the tag cannot carry the visit. Null when they are one site.
 */
export function crossSiteGoal(test: TrackedTest): { landing: string[]; goal: string } | null {
  if (test.conversionGoal !== "page" || !test.conversionUrl || !URL.canParse(test.conversionUrl)) return null;
  const goal = registrableDomainOf(new URL(test.conversionUrl).hostname);
  const landing = [
    ...new Set(
      test.variants.flatMap(({ url }) =>
        URL.canParse(url) ? [registrableDomainOf(new URL(url).hostname)] : [],
      ),
    ),
  ];
  return landing.some((site) => site !== goal) ? { landing, goal } : null;
}
