import { createServer, type Server } from "node:http";
import { freePort } from "../../scripts/local-server";

/**
 * A marketer's shop for the site tag's browser tests, served on one port under two hosts of one
 * registrable domain (the browser maps *.shop.test to this machine, see browser.ts): the landing pages on
 * www.shop.test, the checkout on checkout.shop.test. Every page carries the site tag, as Settings says,
 * except the pages of the specification's flow: landing pages without the tag that forward the split
 * link's parameters to a thank-you page that carries it.
 */
export async function startShop(appUrl: string) {
  let siteKey = "";
  let order: { amount: string; currency: string } | null = null;
  const port = await freePort();
  const www = `http://www.shop.test:${port}`;
  const checkout = `http://checkout.shop.test:${port}`;
  const tag = (attributes = "") =>
    `<script src="${appUrl}/t.js" data-site="${siteKey}"${attributes} async></script>`;
  const page = (title: string, body: string, head = tag()) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><h1>${title}</h1>${body}</body></html>`;
  // The specification's flow: the landing page keeps the split link's parameters on its way to the goal.
  const forwarding = `<a id="buy" href="${checkout}/thanks">Buy now</a><script>
document.getElementById("buy").href += location.search;</script>`;

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
        "/pay": page(
          "Pay",
          `<button onclick="splitlink.convert({ value: 19.9, currency: 'EUR' })">Pay</button>`,
        ),
      },
    };
    const html = pages[host]?.[path];
    response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    www,
    checkout,
    setSiteKey(key: string) {
      siteKey = key;
    },
    /** The order the thank-you page's tag reports with its conversion; null for none. */
    setOrder(value: { amount: string; currency: string } | null) {
      order = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
