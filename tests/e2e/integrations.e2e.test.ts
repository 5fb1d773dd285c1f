import { describe, expect, it } from "vitest";
import { STRIPE_MESSAGES } from "../../contract/messages";
import { visitorAddress } from "../../scripts/splitlink-api";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { reloadUntil, signUpOverHttp, visibleToast } from "./flows";
import { checkoutCompleted, sendToStripeEndpoint } from "./stripe";

const browser = startBrowser();

describe("Stripe in Settings", () => {
  it("connects with the signing secret, shows the endpoint URL, and a signed checkout counts on the test page", async () => {
    const marketer = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(marketer, `stripe-${Date.now()}@example.com`);

    // A test whose revenue is in USD.
    await marketer.goto("/create-test");
    await marketer.getByLabel("Test Name").fill("Pricing with Stripe");
    await marketer.getByLabel("URL A").fill("https://example.com/a");
    await marketer.getByLabel("URL B").fill("https://example.com/b");
    await marketer.getByLabel("Primary metric").click();
    await marketer.getByRole("option", { name: "Revenue per visitor" }).click();
    await marketer.getByLabel("Currency").fill("usd");
    await marketer.getByRole("button", { name: "Create Test" }).click();
    await marketer.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(marketer.url()).pathname.split("/").pop() ?? "";

    // Connect Stripe: the endpoint URL is there to add in Stripe, then the secret Stripe shows.
    await marketer.goto("/settings/integrations");
    const card = marketer.locator("section#stripe");
    await card.getByText(STRIPE_MESSAGES.statusNotConnected).first().waitFor();
    const endpointUrl = (await card.getByTestId("stripe-endpoint-url").textContent()) ?? "";
    expect(endpointUrl).toMatch(/\/integrations\/stripe\/[\w-]{32}$/);
    await card.getByRole("button", { name: STRIPE_MESSAGES.connect }).click();
    await card.getByText(STRIPE_MESSAGES.secretRequired).waitFor();
    await card.getByLabel(STRIPE_MESSAGES.secretLabel).fill("not-a-secret");
    await card.getByRole("button", { name: STRIPE_MESSAGES.connect }).click();
    await card.getByText(STRIPE_MESSAGES.secretInvalid).waitFor();
    const secret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("hex")}`;
    await card.getByLabel(STRIPE_MESSAGES.secretLabel).fill(secret);
    await card.getByRole("button", { name: STRIPE_MESSAGES.connect }).click();
    await visibleToast(marketer, STRIPE_MESSAGES.connected);
    await card.getByText(/^Connected since /).waitFor();
    expect(await card.getByTestId("stripe-endpoint-url").textContent()).toBe(endpointUrl);
    for (const type of [
      "checkout.session.completed",
      "invoice.paid",
      "invoice_payment.paid",
      "charge.refunded",
    ])
      await card.getByText(type, { exact: true }).waitFor();
    await screenshot(marketer, "settings-stripe-connected");

    // A visitor comes through the test's link; their click is recorded.
    const visit = await fetch(`${browser.baseURL}/r/${slug}`, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": visitorAddress(36_001) },
    });
    const sessionId = new URL(visit.headers.get("location") ?? "").searchParams.get("sessionId") ?? "";
    await expect
      .poll(
        async () => {
          const answer = await marketer.request.get(`/api/tests/${slug}`);
          return (
            (await answer.json()) as { test: { stats: { arms: { clicks: number }[] } } }
          ).test.stats.arms
            .map((arm) => arm.clicks)
            .reduce((a, b) => a + b, 0);
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // They pay $20.00 through Stripe Checkout: Stripe sends the signed event to the endpoint URL.
    const body = checkoutCompleted(sessionId, 2000, "usd");
    const delivered = await sendToStripeEndpoint(endpointUrl, secret, body);
    expect(delivered.status).toBe(200);

    // The test page shows the conversion and its revenue.
    await marketer.goto(`/test/${slug}`);
    await reloadUntil(marketer, async () => {
      await marketer.waitForLoadState("networkidle");
      return (await marketer.getByText("$20.00").count()) > 0;
    });

    // Settings shows the last event received, also on a phone's width.
    const phone = await browser.newPage(WIDTHS.narrow);
    await phone.context().addCookies(await marketer.context().cookies());
    await phone.goto("/settings/integrations");
    await phone
      .locator("section#stripe")
      .getByText(/checkout\.session\.completed, counted as a conversion/)
      .waitFor();
    await screenshot(phone, "settings-stripe-narrow");

    // Disconnect, after confirming: Stripe's events are refused from then on.
    await marketer.goto("/settings/integrations");
    await card.getByRole("button", { name: STRIPE_MESSAGES.disconnect }).click();
    await marketer.getByRole("alertdialog").getByRole("button", { name: STRIPE_MESSAGES.disconnect }).click();
    await visibleToast(marketer, STRIPE_MESSAGES.disconnected);
    await card.getByText(STRIPE_MESSAGES.statusNotConnected).first().waitFor();
    const refused = await sendToStripeEndpoint(endpointUrl, secret, body);
    expect(refused.status).toBe(400);
  });
});
