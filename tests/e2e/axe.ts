import axe from "axe-core";
import type { Page } from "playwright-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const IMPACT_RANK: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
const SERIOUS = 3;

interface AxeAudit {
  rules: { id: string; impact?: string; tags: string[]; any: unknown[]; all: unknown[]; none: unknown[] }[];
  data: { checks: Record<string, { impact?: string } | undefined> };
}

/**
 * The rules of those tags that can only find minor or moderate problems (the rule's impact and each of
 * its checks' below serious, as this axe version declares them): skipped, since they cannot change what
 * is reported here, and a scan spends a quarter of its time on them (region walks the whole page).
 */
function rulesBelowSerious(): string[] {
  const audit = (axe as unknown as { _audit?: AxeAudit })._audit;
  if (!audit?.rules || !audit.data?.checks) throw new Error("axe-core no longer exposes its rules' impacts");
  const rank = (impact: string | undefined) => IMPACT_RANK[impact ?? ""] ?? 0;
  return audit.rules
    .filter((rule) => rule.tags.some((tag) => TAGS.includes(tag)))
    .filter((rule) => {
      const checks = [...rule.any, ...rule.all, ...rule.none].map((check) =>
        typeof check === "string" ? check : (check as { id: string }).id,
      );
      const impacts = [rule.impact, ...checks.map((id) => audit.data.checks[id]?.impact)];
      return Math.max(...impacts.map(rank)) < SERIOUS;
    })
    .map((rule) => rule.id);
}

const SKIPPED_RULES = rulesBelowSerious();

/**
 * axe's serious and critical WCAG 2.1 A/AA (and best-practice) findings on the page as it is now, one
 * line each, named by `screen`. Only violations are detailed (`resultTypes`): what passes is not read.
 * The settled screen is scanned: mid-animation colours (a toast fading in) are not what anyone reads.
 * axe is loaded once per document and run in it (`axe.run`): the app has no frames, so the per-frame
 * partial runs of @axe-core/playwright, and the blank page it opens to join them, would only cost time.
 */
export async function seriousViolations(page: Page, screen = page.url()): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  if (await page.locator("iframe, frame").count())
    throw new Error(`${screen}: a frame axe.run would not scan`);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ([tags, skipped]) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
        rules: Object.fromEntries(skipped.map((id) => [id, { enabled: false }])),
        resultTypes: ["violations"],
      }),
    [TAGS, SKIPPED_RULES] as const,
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}
