import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { TAG_QUEUE_STUB } from "../../contract/tracking";
import { freePort } from "../../scripts/local-server";
import { shopifyPixel } from "../../web/src/features/settings/integrations/shopify-pixel";

// A page's own analytics, faked: gtag records its calls apart, so the dataLayer holds only pushes.
const FAKE_ANALYTICS = `<script>window.gtagCalls = []; window.dataLayer = [];
function gtag() { window.gtagCalls.push(Array.prototype.slice.call(arguments)); }</script>`;

// Stripe Payment Links and a buy button (Stripe's script is not loaded: the element keeps its attributes),
// one link with its own client_reference_id, and a button that adds more after the tag ran.
const STRIPE_OFFERS = `<a href="https://buy.stripe.com/test_spring?prefilled_email=ana%40example.com">Pay with Stripe</a>
<a href="https://buy.stripe.com/test_kept?client_reference_id=order-7">Pay order 7</a>
<stripe-buy-button id="buy-button" buy-button-id="buy_btn_spring" publishable-key="pk_test_spring"></stripe-buy-button>
<button id="more">More offers</button><script>
document.getElementById("more").onclick = function () {
  var link = document.createElement("a");
  link.href = "https://buy.stripe.com/test_later";
  link.textContent = "Pay later";
  var button = document.createElement("stripe-buy-button");
  button.id = "later-button";
  button.setAttribute("buy-button-id", "buy_btn_later");
  var box = document.createElement("div");
  box.appendChild(link);
  box.appendChild(button);
  document.body.appendChild(box);
};</script>`;

// Shopify's Customer events sandbox as Shopify documents it: analytics.subscribe, browser.cookie and
// browser.localStorage (promises), init; the page's button publishes checkout_completed with Shopify's
// event shape. The pixel is SplitLink's own file, filled in as Settings shows it.
const SHOPIFY_SANDBOX = `<script>(function () {
  var subscribers = {};
  window.analytics = {
    subscribe: function (name, callback) { (subscribers[name] = subscribers[name] || []).push(callback); },
  };
  window.browser = {
    cookie: {
      get: function (name) {
        var match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
        return Promise.resolve(match ? match[1] : "");
      },
    },
    localStorage: {
      getItem: function (key) { return Promise.resolve(window.localStorage.getItem(key)); },
      setItem: function (key, value) { return Promise.resolve(window.localStorage.setItem(key, value)); },
      removeItem: function (key) { return Promise.resolve(window.localStorage.removeItem(key)); },
    },
  };
  window.init = { context: { document: { location: { href: location.href } } }, data: { customer: null, cart: null } };
  window.completeCheckout = function () {
    var event = {
      id: "sh-" + Date.now(),
      name: "checkout_completed",
      timestamp: new Date().toISOString(),
      data: {
        checkout: {
          token: "c1-checkout-token",
          currencyCode: "EUR",
          totalPrice: { amount: 64.5, currencyCode: "EUR" },
          order: { id: "gid://shopify/Order/1001" },
        },
      },
    };
    (subscribers.checkout_completed || []).forEach(function (callback) { callback(event); });
    document.getElementById("status").textContent = "Order placed";
  };
})();</script><script src="/shopify-pixel.js"></script>`;

/**
 * A marketer's shop for the site tag's browser tests, served on one port under two hosts of one
 * registrable domain (the browser maps *.shop.test to this machine, see browser.ts): the landing pages on
 * www.shop.test, the checkout on checkout.shop.test (and a payment site of another registrable domain,
 * checkout.pay.test, for a goal page on another site). Every page carries the site tag, as Settings says,
 * except the pages of the specification's flow: landing pages without the tag that forward the split
 * link's parameters to a thank-you page that carries it. The integrations' pages (issue #36) add a page's
 * own GA4 and Tag Manager, Stripe's links, and Shopify's order status page with SplitLink's pixel.
 */
const PIXEL_SOURCE = readFileSync(new URL("../../integrations/shopify/pixel.js", import.meta.url), "utf8");

export async function startShop(appUrl: string) {
  let siteKey = "";
  let order: { amount: string; currency: string } | null = null;
  let crossSiteAddress = "";
  const port = await freePort();
  const www = `http://www.shop.test:${port}`;
  const checkout = `http://checkout.shop.test:${port}`;
  const pay = `http://checkout.pay.test:${port}`;
  const tag = (attributes = "") =>
    `${TAG_QUEUE_STUB}<script src="${appUrl}/t.js" data-site="${siteKey}"${attributes} async></script>`;
  const injectedTag = () =>
    `<script>(function () { var script = document.createElement("script");
script.src = ${JSON.stringify(`${appUrl}/t.js?site=${siteKey}`)}; document.head.appendChild(script); })();</script>`;
  const page = (title: string, body: string, head = tag()) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><h1>${title}</h1>${body}</body></html>`;
  // The specification's flow: the landing page keeps the split link's parameters on its way to the goal.
  const forwarding = `<a id="buy" href="${checkout}/thanks">Buy now</a><script>
document.getElementById("buy").href += location.search;</script>`;

  // A landing page whose checkout is on another site: as the test page's note says, the click fills in
  // the note's address with the tag's splitlink.sessionId() and splitlink.variant().
  const passingOn = () => `<a id="buy" href="${pay}/thanks">Buy now</a><script>
document.getElementById("buy").onclick = function () {
  this.href = ${JSON.stringify(crossSiteAddress)}
    .replace("{sessionId}", splitlink.sessionId())
    .replace("{variant}", splitlink.variant());
};</script>`;

  const server: Server = createServer((request, response) => {
    const host = (request.headers.host ?? "").split(":")[0] ?? "";
    const path = new URL(request.url ?? "/", www).pathname;
    const pages: Record<string, Record<string, string>> = {
      "www.shop.test": {
        "/": page("Shop", `<a href="/a">Spring collection</a>`),
        "/a": page("Landing A", `<a href="${checkout}/thanks">Buy now</a> <a href="/about">About us</a>`),
        "/b": page("Landing B", `<a href="${checkout}/thanks">Buy now</a> <a href="/about">About us</a>`),
        "/about": page("About us", `<a href="${checkout}/thanks">Buy now</a>`),
        "/forward-a": page("Landing A", forwarding, ""),
        "/forward-b": page("Landing B", forwarding, ""),
        "/cross-a": page("Landing A", passingOn()),
        "/cross-b": page("Landing B", passingOn()),
        // A shop with GA4 (gtag) and Tag Manager (dataLayer) on its pages, and Stripe's ways to pay.
        "/analytics-a": page("Landing A", STRIPE_OFFERS, FAKE_ANALYTICS + tag()),
        "/analytics-b": page("Landing B", STRIPE_OFFERS, FAKE_ANALYTICS + tag()),
        // The tag as Tag Manager's template injects it: a script with no attributes, its key in its address.
        "/gtm-a": page("Landing A", STRIPE_OFFERS, FAKE_ANALYTICS + injectedTag()),
        "/gtm-b": page("Landing B", STRIPE_OFFERS, FAKE_ANALYTICS + injectedTag()),
      },
      "checkout.shop.test": {
        "/thanks": page(
          "Thank you",
          "<p>Order confirmed.</p>",
          tag(order ? ` data-amount="${order.amount}" data-currency="${order.currency}"` : ""),
        ),
        // An order confirmation whose tag makes its visit the call a test with a call goal waits for.
        "/confirmed": page(
          "Order confirmed",
          "<p>Thank you.</p>",
          tag(' data-convert data-amount="24.5" data-currency="EUR"'),
        ),
        // Shopify's order status page: no site tag, the pixel alone reports the checkout.
        "/shopify-thanks": page(
          "Order status",
          `<button onclick="completeCheckout()">Complete order</button><p id="status"></p>`,
          SHOPIFY_SANDBOX,
        ),
        // An order page that calls the tag inline, as it renders: the tag may not have loaded yet.
        "/order-inline": page(
          "Order placed",
          `<p>Order placed.</p><script>splitlink.convert({ value: 49.99, currency: "EUR" });</script>`,
        ),
        "/newsletter": page(
          "Newsletter",
          `<button onclick="splitlink.convert({ goal: 'signup' })">Sign up</button>`,
        ),
        "/pay": page(
          "Pay",
          `<button onclick="splitlink.convert({ value: 19.9, currency: 'EUR' })">Pay</button>`,
        ),
      },
      // Another site's checkout, with the same site tag.
      "checkout.pay.test": { "/thanks": page("Thank you", "<p>Paid.</p>") },
    };
    if (host === "checkout.shop.test" && path === "/shopify-pixel.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      response.end(shopifyPixel(PIXEL_SOURCE, siteKey, appUrl));
      return;
    }
    const html = pages[host]?.[path];
    response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    www,
    checkout,
    pay,
    setSiteKey(key: string) {
      siteKey = key;
    },
    /** The address, with {sessionId} and {variant}, the cross-site landing pages send a buyer to. */
    setCrossSiteAddress(address: string) {
      crossSiteAddress = address;
    },
    /** The order the thank-you page's tag reports with its conversion; null for none. */
    setOrder(value: { amount: string; currency: string } | null) {
      order = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
