import { describe, expect, it } from "vitest";
import { keepCollectingUntil } from "../../contract/reading";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { createTestFromForm, signUpOverHttp, visibleToast, visitFromNewAddresses } from "./flows";

// Issue #34, point 5: the owner shares a report link that opens signed out and stops when revoked.

const browser = startBrowser();

describe("sharing a test's results", () => {
  it("the owner makes and copies a report link, it opens signed out with the name and recommendation, and revoking stops it", async () => {
    const owner = await browser.newPage(WIDTHS.wide);
    await owner
      .context()
      .grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseURL });
    await signUpOverHttp(owner, `share-${Date.now()}@example.com`);
    const slug = await createTestFromForm(owner, "Spring landing page");
    // A new test waits a week before any call (issue #48): every place says until when, in one wording.
    await visitFromNewAddresses(`${browser.baseURL}/r/${slug}`, 6, 7100);
    const { test } = (await (await owner.request.get(`/api/tests/${slug}`)).json()) as {
      test: { createdAt: number; stats: { verdict: { status: string; until?: string } } };
    };
    expect(test.stats.verdict).toEqual({
      status: "collecting",
      until: new Date(test.createdAt + 7 * 86_400_000).toISOString(),
    });
    const waiting = keepCollectingUntil(Date.parse(test.stats.verdict.until ?? ""));
    await owner.reload();
    await owner.getByText(waiting).first().waitFor();
    await owner.goto("/dashboard");
    await owner.getByText(waiting).first().waitFor();
    await owner.goto(`/test/${slug}`);

    await owner.getByRole("button", { name: "Share results" }).click();
    const dialog = owner.getByRole("dialog", { name: "Share the results" });
    await dialog.getByText("No link yet.").waitFor();
    await dialog.getByRole("button", { name: "Create a link" }).click();
    await visibleToast(owner, "Report link created");
    const field = dialog.getByLabel("Report link", { exact: true });
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${browser.baseURL}/report/[\\w-]{43}$`));
    await dialog.getByRole("button", { name: "Copy report link" }).click();
    await visibleToast(owner, "Report link copied to clipboard");
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await screenshot(owner, "share-dialog");

    // Someone without an account opens it in their own browser.
    const reader = await browser.newPage(WIDTHS.narrow);
    const opened = await reader.goto(url);
    expect(opened?.status()).toBe(200);
    await reader.getByRole("heading", { name: "Spring landing page — SplitLink results" }).waitFor();
    await reader.getByText(waiting).waitFor();
    expect(await reader.locator('meta[property="og:description"]').getAttribute("content")).toContain(
      waiting,
    );
    expect(await reader.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await reader.getByRole("cell", { name: "0.0 %" }).first().waitFor();
    // On a phone every column is on screen: each version is a card, nothing scrolls sideways (issue #48).
    for (const cell of await reader.getByRole("cell").all()) {
      const box = await cell.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(WIDTHS.narrow.width);
    }
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTHS.narrow.width,
    );
    await screenshot(reader, "share-report");

    await dialog.getByRole("button", { name: "Revoke link" }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
    await visibleToast(owner, "Report link revoked");
    await dialog.getByText("No link yet.").waitFor();

    const gone = await reader.reload();
    expect(gone?.status()).toBe(404);
    await reader.getByText("This report link was revoked or never existed.").waitFor();
  });
});
