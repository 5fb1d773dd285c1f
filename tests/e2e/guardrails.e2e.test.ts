import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TestResponse } from "../../contract/api";
import { visitorAddress } from "../../scripts/splitlink-api";
import { CRONS } from "../../worker/crons";
import { seriousViolations } from "./axe";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { reloadUntil, signUpOverHttp } from "./flows";

// Issue #48 point 1 in the browser: a test with a guardrail, where B wins on the goal but is proven
// worse on the guardrail. The page says not to deploy B and names the guardrail, the dashboard and the
// API agree, and the autopilot neither stops the test early nor promotes B.

const browser = startBrowser();

/** Of each version's visitors (in arrival order), who converts and who reaches the error page. */
const PLAN = {
  A: { converts: (n: number) => n % 5 === 0, errs: (n: number) => n % 50 === 0 },
  B: { converts: (n: number) => n % 4 !== 3, errs: (n: number) => n % 2 === 0 },
} as const;

/** New visitors from their own addresses; each converts and errs as PLAN says for its version. */
async function traffic(link: string, visitors: number) {
  const seen = { A: 0, B: 0 };
  for (let n = 0; n < visitors; n += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, visitors - n) }, async (_, i) => {
        const ip = visitorAddress(9000 + n + i);
        const headers = { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": ip };
        const response = await fetch(link, { redirect: "manual", headers });
        const to = new URL(response.headers.get("location") ?? "");
        const variant = to.searchParams.get("variant") as "A" | "B";
        const position = seen[variant]++;
        const beacon = async (metric?: string) =>
          fetch(`${browser.baseURL}/functions/v1/conversions`, {
            method: "POST",
            headers: { "content-type": "text/plain", "cf-connecting-ip": ip, origin: "https://shop.example" },
            body: JSON.stringify({
              splitTestId: to.searchParams.get("splitTestId"),
              sessionId: to.searchParams.get("sessionId"),
              variant,
              ...(metric ? { metric } : {}),
            }),
          });
        if (PLAN[variant].converts(position)) await beacon();
        if (PLAN[variant].errs(position)) await beacon("Errors");
      }),
    );
  }
}

async function createWithGuardrail(page: Page): Promise<string> {
  await page.goto("/create-test");
  await page.getByLabel("Test Name").fill("Checkout button");
  await page.getByLabel("URL A").fill("https://shop.example/a");
  await page.getByLabel("URL B").fill("https://shop.example/b");
  await page.getByText("A call from your page").click();
  await page.getByText("More metrics and guardrails (optional)").click();
  await page.getByRole("button", { name: "Add a guardrail" }).click();
  const guardrail = page.getByRole("group", { name: "Guardrail" });
  // Saved without a name: the message sits next to the field.
  await page.getByRole("button", { name: "Create Test" }).click();
  await guardrail.getByText("Give each metric a name of up to 60 characters").waitFor();
  expect(await guardrail.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  await guardrail.getByLabel("Name", { exact: true }).fill("Errors");
  await guardrail.getByLabel("Event name").fill("error");
  expect(await guardrail.getByLabel("Better when it is").inputValue()).toBe("lower");
  await screenshot(page, "create-test-guardrail");
  expect(await seriousViolations(page, "create form with a guardrail")).toEqual([]);
  await page.getByText("End the test on its own (optional)").click();
  await page.getByLabel("Minimum days before any call").fill("0");
  await page.getByLabel("Promote the winner, if there is a clear one").check();
  await page.getByLabel("Stop as soon as there is a clear winner").check();
  await page.getByRole("button", { name: "Create Test" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/test/"));
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

describe("a guardrail that stops harm", () => {
  it("holds a version that wins on the goal but is proven worse on the guardrail, everywhere, and the autopilot promotes nothing", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `guardrail-${Date.now()}@example.com`);
    const slug = await createWithGuardrail(page);
    const metrics = page.getByRole("region", { name: "Metrics and guardrails" });
    await metrics
      .getByText(
        'share of visitors who reach the call splitlink.convert({ goal: "error" }); lower is better.',
        { exact: false },
      )
      .waitFor();

    await traffic(`${browser.baseURL}/r/${slug}`, 400);
    const hold = /^Don't deploy version B: it wins on the primary metric but is proven worse on Errors \(/;
    const verdict = page.locator("[data-verdict]");
    await reloadUntil(page, async () => {
      await verdict.waitFor();
      return (await verdict.getAttribute("data-verdict")) === "held by a guardrail";
    });
    await page.getByText(hold).waitFor();
    await page.getByText(/^B: \d+\.\d % \(A \d\.\d %\)(, between .+ higher)?: proven worse\.$/).waitFor();
    expect(await page.getByRole("button", { name: /Deploy|Promote/ }).count()).toBe(0);
    await screenshot(page, "test-detail-guardrail");

    const { test } = (await (await page.request.get(`/api/tests/${slug}`)).json()) as TestResponse;
    expect(test.stats.verdict).toEqual({ status: "held", guardrail: { variant: "B", metric: "Errors" } });
    expect(test.stats.decided).toBeNull();

    await page.goto("/dashboard");
    await page.getByText("held: proven worse on Errors").first().waitFor();

    // The autopilot looks at it: no early stop, no promotion.
    await fetch(`${browser.baseURL}/__scheduled?cron=${encodeURIComponent(CRONS.autopilot)}`);
    await expect
      .poll(async () => {
        const again = (await (await page.request.get(`/api/tests/${slug}`)).json()) as TestResponse;
        return again.test.status;
      })
      .toBe("active");

    for (const size of [WIDTHS.narrow, WIDTHS.wide]) {
      await page.setViewportSize(size);
      await page.goto(`/test/${slug}`);
      await page.getByText(hold).waitFor();
      await page.getByRole("button", { name: "Change metrics" }).click();
      await page.getByRole("group", { name: "Guardrail" }).waitFor();
      expect(await seriousViolations(page, `test page with a guardrail at ${size.width} px`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
  });
});
