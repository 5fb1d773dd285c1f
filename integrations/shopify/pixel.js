// SplitLink's Shopify pixel (docs/integrations/shopify.md). Paste it in Shopify's admin, Settings →
// Customer events → Add custom pixel, with your site key below (Settings in SplitLink shows it filled
// in), then Save and Connect. Shopify runs it in its sandbox: `analytics`, `browser` and `init` are
// Shopify's. It also needs SplitLink's site tag on the shop's pages (the theme), which keeps each split
// link's visit in the `splitlink` cookie of the shop's domain.
//
// On `checkout_completed` it reports the order's total and currency to SplitLink's beacon for every
// visit of a test whose goal is a call: the same conversion as `splitlink.convert({ value, currency })`.
// SplitLink counts one conversion per test and visitor; the checkout's token keeps a reloaded
// order-status page from sending again.
const SPLITLINK_ORIGIN = "https://splitlink.app";
const SITE_KEY = "YOUR_SITE_KEY";

analytics.subscribe("checkout_completed", async (event) => {
  try {
    const checkout = event.data.checkout;
    const sent = `splitlink:checkout:${checkout.token || checkout.order?.id}`;
    if (await browser.localStorage.getItem(sent)) return;
    const visits = await splitlinkVisits();
    if (visits.length === 0) return;
    /** @type {{ tests: { id: string, goal: string }[] }} */
    const goals = await fetch(`${SPLITLINK_ORIGIN}/t/goals/${encodeURIComponent(SITE_KEY)}`).then((answer) =>
      answer.ok ? answer.json() : { tests: [] },
    );
    const calls = new Set(goals.tests.filter((test) => test.goal === "call").map((test) => test.id));
    // Shopify's MoneyV2, or null: then the conversion goes without a value.
    const total = checkout.totalPrice;
    const amount = total ? Number(Number(total.amount).toFixed(3)) : Number.NaN;
    const currency = total?.currencyCode || checkout.currencyCode;
    await browser.localStorage.setItem(sent, String(Date.now()));
    for (const visit of visits) {
      if (!calls.has(visit.t)) continue;
      const body = { splitTestId: visit.t, sessionId: visit.s, variant: visit.v };
      if (Number.isFinite(amount) && currency) Object.assign(body, { amount, currency });
      // A text/plain body keeps the cross-site request simple (no preflight), as the site tag sends it.
      await fetch(`${SPLITLINK_ORIGIN}/functions/v1/conversions`, {
        method: "POST",
        body: JSON.stringify(body),
        keepalive: true,
        headers: { "content-type": "text/plain" },
      });
    }
  } catch (error) {
    console.warn("SplitLink could not report the checkout", error);
  }
});

// The split links' visits the site tag kept, newest first: `[{ t: testId, v: variant, s: sessionId }]`,
// in the cookie (URL-encoded JSON), else in the shop's local storage.
async function splitlinkVisits() {
  /** @param {string | null | undefined} text */
  const parse = (text) => {
    try {
      const visits = JSON.parse(text || "[]");
      return Array.isArray(visits) ? visits.filter((visit) => visit?.t && visit.s && visit.v) : [];
    } catch {
      return [];
    }
  };
  const cookie = parse(decodeURIComponent((await browser.cookie.get("splitlink")) || ""));
  return cookie.length > 0 ? cookie : parse(await browser.localStorage.getItem("splitlink:visits"));
}
