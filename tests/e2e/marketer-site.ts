import { createServer, type Server } from "node:http";
import { TAG_QUEUE_STUB } from "../../contract/tracking";
import { freePort } from "../../scripts/local-server";

/**
 * The marketer's own website for the browser tests: landing pages A, B and a mobile one, a thank-you page,
 * each carrying the one-tag tracker, on its own origin (so the beacon is cross-site, as in real use).
 */
export async function startMarketerSite(appUrl: string) {
  let testId = "";
  // The thank-you page's order, when the tag is to send its value.
  let order: { amount: string; currency: string } | null = null;
  // The test's conversion URL in the snippet; false for a snippet without one.
  let withConversionUrl = true;
  // The account's site key: when set, every page carries the site tag instead of the per-test snippet.
  let siteKey = "";
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const page = (
    title: string,
    body: string,
    attributes = "",
  ) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
${
  siteKey
    ? `${TAG_QUEUE_STUB}<script src="${appUrl}/t.js" data-site="${siteKey}"${attributes} async></script>`
    : `<script src="${appUrl}/t.js" data-test="${testId}"${withConversionUrl ? ` data-conversion-url="${origin}/thanks"` : ""}${attributes} async></script>`
}</head>
<body><h1>${title}</h1>${body}</body></html>`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", origin).pathname;
    const pages: Record<string, string> = {
      "/a": page("Landing A", `<a href="/thanks">Buy now</a>`),
      "/b": page("Landing B", `<a href="/thanks">Buy now</a>`),
      // Where an audience rule sends phones, outside the experiment.
      "/mobile": page("Mobile landing", `<a href="/thanks">Get the app</a>`),
      "/thanks": page(
        "Thank you",
        "<p>Order confirmed.</p>",
        order ? ` data-amount="${order.amount}" data-currency="${order.currency}"` : "",
      ),
      // A single-page checkout: the tag sends nothing by itself, the page calls it once the order is placed.
      "/checkout": page(
        "Checkout",
        `<button onclick="splitlink.convert({ amount: 19.9, currency: 'EUR' })">Pay</button>`,
        " data-manual",
      ),
    };
    const html = pages[path];
    response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin,
    setTestId(id: string) {
      testId = id;
    },
    /** The site tag's key for every page from now on; empty for the per-test snippet (the default). */
    setSiteKey(key: string) {
      siteKey = key;
    },
    /** Whether the snippet names the thank-you page as the conversion URL (the default) or has none. */
    setWithConversionUrl(value: boolean) {
      withConversionUrl = value;
    },
    /** The order the thank-you page's tag reports with its conversion; null for none. */
    setOrder(value: { amount: string; currency: string } | null) {
      order = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
