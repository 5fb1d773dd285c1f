import type { SplitTest, TrackingSetup } from "@contract/api";
import { TRAFFIC_QUALITY_MESSAGES } from "@contract/messages";
import { registrableDomainOf } from "@contract/tracking";
import { formatTimeAgo } from "@/lib/time";

type TrackedTest = Pick<SplitTest, "link" | "variants" | "conversionGoal" | "conversionUrl"> &
  Partial<Pick<SplitTest, "startsAt">>;

/** One step of the setup checklist: done, or what to do about it. */
export interface SetupStep {
  label: string;
  done: boolean;
  detail: string;
}

export const NO_GOAL_TEXT = "This test has no goal yet, so it counts no conversions by itself.";

/** What a step done by a counted conversion says when the tag did not report it (it reports once a day per browser, and a server or Stripe sale needs no tag). */
export const COUNTED_WITHOUT_SIGHTING = "Conversions count: no sighting reported, and none needed.";

/**
 * The setup checklist, in the order a visit goes: the link opened, the tag on a landing page and on the
 * goal page, the first conversion. Each step is done from what happened: a sighting of the tag, or a
 * counted conversion of any source (tag, call, server, Stripe, Shopify), which proves the steps before
 * it. A step not done yet says what to fix; the first conversion, the likely cause SplitLink can see.
 */
export function setupSteps(test: TrackedTest, setup: TrackingSetup, now: number = Date.now()): SetupStep[] {
  const ago = (time: number) => formatTimeAgo(time, now);
  const seen = (sighting: { host: string; path: string; seenAt: number }) =>
    `${sighting.host}${sighting.path}, ${ago(sighting.seenAt)}`;
  const converted = setup.firstConversionAt !== null;
  const landingHosts = [...new Set(test.variants.map(({ url }) => hostOf(url)))].join(", ");
  return [
    setup.linkOpenedAt !== null
      ? { label: "Link opened", done: true, detail: `First visitor ${ago(setup.linkOpenedAt)}` }
      : {
          label: "Link opened",
          done: converted,
          detail: converted ? COUNTED_WITHOUT_SIGHTING : notOpenedYet(test, setup, now),
        },
    setup.landingTag
      ? { label: "Tag on a landing page", done: true, detail: seen(setup.landingTag) }
      : converted
        ? { label: "Tag on a landing page", done: true, detail: COUNTED_WITHOUT_SIGHTING }
        : {
            label: "Tag on a landing page",
            done: false,
            detail: `The tag has not run on a page reached from the split link yet: paste it on the pages of ${landingHosts}.`,
          },
    goalStep(test, setup, seen),
    setup.firstConversionAt !== null
      ? { label: "First conversion", done: true, detail: ago(setup.firstConversionAt) }
      : { label: "First conversion", done: false, detail: likelyCause(test, setup) },
  ];
}

/**
 * Why the link is not opened yet: the visits that reached it and counted in no version, most first (a
 * member's own visit is internal), else that nobody came.
 */
function notOpenedYet(test: TrackedTest, setup: TrackingSetup, now: number): string {
  const left = setup.uncountedVisits[0];
  // Before its start nothing is counted, nor left out: everyone goes to the page before it.
  if (!left && test.startsAt && Date.parse(test.startsAt) > now)
    return `Nobody's visit counts before the test starts: until then ${test.link} sends everyone to the page before it.`;
  if (!left)
    return `Nobody has opened ${test.link} yet: open it once to try it. A visit shows here within a minute.`;
  const cause = `No visit has counted yet: ${TRAFFIC_QUALITY_MESSAGES.visitCount(left.events)} reached the link and counted in no version. Likely cause: ${TRAFFIC_QUALITY_MESSAGES.visits[left.reason]}.`;
  return left.reason === "internal"
    ? `${cause} To try it as a visitor, open it in a private window, away from your internal addresses.`
    : cause;
}

/** Why no conversion has counted yet, from what SplitLink saw, most telling first. */
function likelyCause(test: TrackedTest, setup: TrackingSetup): string {
  const refused = setup.refusedConversions[0];
  if (refused)
    return `No conversion yet: ${refused.events} arrived and were not counted. Likely cause: ${TRAFFIC_QUALITY_MESSAGES.conversions[refused.reason]}.`;
  if (setup.linkOpenedAt === null) return "No conversion yet: nobody has opened the link.";
  if (!setup.landingTag)
    return "No conversion yet. Likely cause: the tag has not run on a landing page, so your site does not keep the visit.";
  if (test.conversionGoal === "page" && test.conversionUrl && !setup.goalTag)
    return `No conversion yet. Likely cause: the tag runs on the landing pages but has not run on the goal page, ${test.conversionUrl}.`;
  return "No conversion yet.";
}

function goalStep(
  test: TrackedTest,
  setup: TrackingSetup,
  seen: (sighting: NonNullable<TrackingSetup["goalTag"]>) => string,
): SetupStep {
  if (test.conversionGoal === "page" && test.conversionUrl)
    return setup.goalTag
      ? { label: "Tag on the goal page", done: true, detail: seen(setup.goalTag) }
      : setup.firstConversionAt !== null
        ? { label: "Tag on the goal page", done: true, detail: COUNTED_WITHOUT_SIGHTING }
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
