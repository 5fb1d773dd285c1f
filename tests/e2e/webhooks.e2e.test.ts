import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../docs/examples/verify-webhook-signature";
import { freePort } from "../../scripts/local-server";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp, visibleToast } from "./flows";

const browser = startBrowser();

/** The user's own endpoint: a Node server on this machine that records what it gets. */
const receiver = {
  url: "",
  status: 200,
  requests: [] as { headers: IncomingHttpHeaders; body: string }[],
  close: () => Promise.resolve(),
};

beforeAll(async () => {
  const port = await freePort();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // http to 127.0.0.1 is allowed because wrangler dev runs in development.
  receiver.url = `http://127.0.0.1:${port}/splitlink-hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => receiver.close());

describe("webhooks in Settings", () => {
  it("adds an endpoint with its secret shown once, sends a test event the docs' sample verifies, logs it, and deletes", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `hooks-${Date.now()}@example.com`);
    await page.goto("/settings/webhooks");
    await page.getByText("No webhook endpoints yet").waitFor();

    await page.getByRole("button", { name: "Add your first endpoint" }).click();
    const dialog = page.getByRole("dialog");
    // Nothing typed: the form says what is missing, and so does it with no event chosen.
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("Please enter the URL of your endpoint").waitFor();
    await dialog.getByLabel("Endpoint URL").fill("http://example.com/hook");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("The URL must start with https://").waitFor();
    await dialog.getByLabel("Endpoint URL").fill(receiver.url);
    for (const event of ["test.verdict", "test.completed", "test.srm_detected"])
      await dialog.getByLabel(event).uncheck();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("Choose at least one event").waitFor();
    await dialog.getByLabel("test.completed").check();
    await dialog.getByText("Choose at least one event").waitFor({ state: "detached" });
    await dialog.getByLabel("conversion.recorded").check();
    await screenshot(page, "webhook-add");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    const shown = dialog.getByTestId("new-webhook-secret");
    await shown.waitFor();
    const secret = (await shown.textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByText("it will not be shown again").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });

    const row = page.getByTestId("webhook-endpoint");
    await row.getByText(receiver.url).waitFor();
    await row.getByText("Active").waitFor();
    await row.getByText("conversion.recorded").waitFor();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole("button", { name: "Send test event" }).click();
    await visibleToast(page, "Test event delivered: your endpoint answered 200.");
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const header = request?.headers["splitlink-signature"];
    expect(verifyWebhookSignature(request?.body ?? "", String(header), secret)).toBe(true);
    expect(verifyWebhookSignature(request?.body ?? "", String(header), "whsec_wrong")).toBe(false);
    expect(JSON.parse(request?.body ?? "")).toMatchObject({ type: "webhook.ping" });

    receiver.status = 500;
    await row.getByRole("button", { name: "Send test event" }).click();
    await row.getByText("Test event not delivered: HTTP 500").waitFor();

    await row.getByRole("button", { name: "Delivery log" }).click();
    const log = row.getByRole("list", { name: "Latest delivery attempts" });
    await log.getByText("HTTP 500").waitFor();
    await log.getByText("HTTP 200").waitFor();
    await screenshot(page, "webhook-log");

    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto("/settings/webhooks");
    await narrow.getByTestId("webhook-endpoint").getByRole("button", { name: "Delivery log" }).click();
    await narrow.getByRole("list", { name: "Latest delivery attempts" }).waitFor();
    // The log fits the phone's width: nothing to scroll sideways.
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTHS.narrow.width,
    );
    await screenshot(narrow, "webhook-log");

    await row.getByRole("button", { name: `Delete endpoint ${receiver.url}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Delete this webhook endpoint?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await visibleToast(page, "Webhook endpoint deleted");
    await page.getByText("No webhook endpoints yet").waitFor();
  });

  it("explains how to verify a signature in the API docs", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await page.goto("/docs/api#webhooks");
    await page.getByRole("heading", { name: "Webhooks: receiving and verifying events" }).waitFor();
    await page.getByText("export function verifyWebhookSignature").waitFor();
    await page.getByText("/api/v1/webhooks/{id}", { exact: true }).first().waitFor();
  });
});
