import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { decodeQR } from "qr/decode.js";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import {
  createKeyRefusedOnceForPassword,
  createTestFromForm,
  PASSWORD,
  signUpOverHttp,
  visibleToast,
} from "./flows";

const browser = startBrowser();

/** What a scanner reads from an image file: the browser draws it, the qr package decodes the pixels. */
async function scan(page: Page, file: Buffer, type: string): Promise<string> {
  const dataUrl = `data:${type};base64,${file.toString("base64")}`;
  const image = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.min(img.naturalWidth, 600);
    canvas.height = Math.min(img.naturalHeight, 600);
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    // The pixels cross to Node as base64: as a JSON array of numbers they took seconds.
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000)
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width, height, pixels: btoa(binary) };
  }, dataUrl);
  const data = new Uint8ClampedArray(Buffer.from(image.pixels, "base64"));
  return decodeQR({ width: image.width, height: image.height, data });
}

async function downloaded(page: Page, button: string): Promise<Buffer> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  return readFileSync((await (await download).path()) ?? "");
}

describe("API keys", () => {
  it("creates a key shown once with a copy button, lists it by prefix, the API takes it, and revoking stops it", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseURL });
    await signUpOverHttp(page, `keys-${Date.now()}@example.com`);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/account");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/api-keys");
    await page.getByText("No API keys yet").waitFor();
    await screenshot(page, "api-keys-empty");

    await page.getByRole("button", { name: "Create your first API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Key name").fill("CI pipeline");
    await dialog.getByRole("button", { name: "Create key" }).click();
    const shown = dialog.getByTestId("new-api-key");
    await shown.waitFor();
    const key = (await shown.textContent()) ?? "";
    expect(key).toMatch(/^sl_live_[A-Za-z0-9]{40}$/);
    await dialog.getByText("it will not be shown again").waitFor();
    await screenshot(page, "api-key-created");

    await dialog.getByRole("button", { name: "Copy" }).click();
    await visibleToast(page, "API key copied to clipboard");
    await dialog.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("region", { name: "API keys" }).getByText("CI pipeline").waitFor();
    await page.getByText(`${key.slice(0, 12)}…`).waitFor();
    await page.getByText("Never used").waitFor();
    // Shown once: nowhere on the page any more, nor after a reload.
    expect(await page.getByText(key).count()).toBe(0);
    await page.reload();
    await page.getByRole("region", { name: "API keys" }).getByText("CI pipeline").waitFor();
    expect(await page.content()).not.toContain(key);

    const api = (apiKey: string) =>
      fetch(`${browser.baseURL}/api/v1/tests`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect((await api(key)).status).toBe(200);

    await page.getByRole("button", { name: "Revoke CI pipeline" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Revoke this API key?").waitFor();
    await screenshot(page, "api-key-revoke");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await visibleToast(page, "API key revoked");
    await page.getByText("No API keys yet").waitFor();
    expect((await api(key)).status).toBe(401);

    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto("/settings/api-keys");
    await narrow.getByText("No API keys yet").waitFor();
    await screenshot(narrow, "api-keys-empty");
  });

  it("asks for the password in place when creating a key answers reauth_required, then creates it", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `keys-reauth-${Date.now()}@example.com`);
    await page.goto("/settings/api-keys");
    await page.getByText("No API keys yet").waitFor();
    await createKeyRefusedOnceForPassword(page, "After the password");
    const prompt = page.getByRole("dialog", { name: AUTH_MESSAGES.reauthTitle });
    await prompt.getByText(AUTH_MESSAGES.reauthIntro).waitFor();
    await screenshot(page, "reauth-prompt");

    // A wrong password is said in the prompt, which stays; the right one retries the creation.
    await prompt.getByLabel("Password").fill("not my password");
    await prompt.getByRole("button", { name: AUTH_MESSAGES.reauthButton }).click();
    await prompt.getByRole("alert").getByText(ACCOUNT_MESSAGES.currentPasswordWrong).waitFor();
    await prompt.getByLabel("Password").fill(PASSWORD);
    await prompt.getByRole("button", { name: AUTH_MESSAGES.reauthButton }).click();
    await prompt.waitFor({ state: "detached" });
    const shown = page.getByRole("dialog", { name: "Your new API key" }).getByTestId("new-api-key");
    expect(await shown.textContent()).toMatch(/^sl_live_/);
    const listed = (await (await page.request.get("/api/keys")).json()) as { keys: { name: string }[] };
    expect(listed.keys.map((key) => key.name)).toEqual(["After the password"]);
  });

  it("shows the API reference from the OpenAPI document, to anyone", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await page.goto("/docs/api");
    await page.getByRole("heading", { name: "SplitLink API" }).waitFor();
    for (const path of ["/api/v1/tests", "/api/v1/tests/{id}", "/api/v1/domains"]) {
      await page.getByText(path, { exact: true }).first().waitFor();
    }
    await page.getByText("Create a split test").waitFor();
    await page.getByText('"Authorization: Bearer $SPLITLINK_API_KEY"').first().waitFor();
    // The query string's parameters too, such as the list's kind filter.
    const list = page.locator("#listTests");
    await list.getByRole("heading", { name: "Query parameters" }).waitFor();
    await list.locator("code", { hasText: /^kind$/ }).waitFor();
    await screenshot(page, "api-docs");
  });

  it("fits a phone's width, with the descriptions' code as code, not Markdown's backticks", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await page.goto("/docs/api");
    await page.getByText("Create a split test").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTHS.narrow.width,
    );
    // Nothing inside scrolls sideways either: every field is a card, every line wraps.
    const wider = await page.evaluate(() =>
      Array.from(document.querySelectorAll("main *"))
        .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        .filter((element) => getComputedStyle(element).overflowX !== "visible")
        .map((element) => element.outerHTML.slice(0, 120)),
    );
    expect(wider).toEqual([]);
    // The prose (code blocks aside, whose JavaScript has backticks of its own).
    const prose = await page.evaluate(() => {
      const main = document.querySelector("main")?.cloneNode(true) as HTMLElement | undefined;
      for (const pre of Array.from(main?.querySelectorAll("pre") ?? [])) pre.remove();
      return main?.textContent ?? "";
    });
    expect(prose).not.toContain("`");
    // The stats' `winner`: "It decides nothing: see `verdict`", the field's name as code.
    expect(await page.locator("main code", { hasText: /^verdict$/ }).count()).toBeGreaterThan(0);
    await screenshot(page, "api-docs-narrow");
  });
});

describe("QR code", () => {
  it("shows the split link as a QR code and downloads it as SVG and PNG that scan to the link", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `qr-${Date.now()}@example.com`);
    const slug = await createTestFromForm(page, "QR test");
    const link = `${browser.baseURL}/r/${slug}`;
    const qr = page.getByRole("img", { name: `QR code for ${link}` });
    await qr.waitFor();
    expect(await qr.locator("path").getAttribute("d")).toMatch(/^M\d+ \d+h1v1h-1z/);
    await screenshot(page, "test-detail-qr");

    const svg = await downloaded(page, "Download SVG");
    expect(svg.toString("utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(await scan(page, svg, "image/svg+xml")).toBe(link);

    const png = await downloaded(page, "Download PNG");
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The width in the IHDR chunk: large enough for print.
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1024);
    expect(await scan(page, png, "image/png")).toBe(link);
  });
});
