import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * axe's serious and critical WCAG 2.1 A/AA (and best-practice) findings on the page as it is now, one
 * line each, named by `screen`. Only violations are detailed (`resultTypes`): what passes is not read.
 * The settled screen is scanned: mid-animation colours (a toast fading in) are not what anyone reads.
 */
export async function seriousViolations(page: Page, screen = page.url()): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}
