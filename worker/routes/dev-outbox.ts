import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../env";
import { latestOutbox, outboxEnabled } from "../mail/outbox";

/** Names that only ever reach this machine: the outbox page never answers on a public host. */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]"
  );
}

/** Addresses of this machine, as the dev server reports the connecting one (CF-Connecting-IP). */
const LOOPBACK_ADDRESS = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/**
 * The request came from this machine itself: `wrangler dev` sets CF-Connecting-IP to the socket's
 * address, and a proxy in front of it adds a forwarding header (or connects from elsewhere).
 */
function fromThisMachine(headers: Headers): boolean {
  const address = headers.get("cf-connecting-ip");
  const forwarded = ["forwarded", "x-forwarded-for", "x-real-ip"].some((name) => headers.has(name));
  return address !== null && LOOPBACK_ADDRESS.test(address) && !forwarded;
}

/** GET /dev/outbox: the local outbox's latest messages with their links; off unless DEV_OUTBOX=true. */
export const devOutboxRoutes = new Hono<AppEnv>().get("/outbox", async (c) => {
  const local = isLoopbackHost(new URL(c.req.url).hostname) && fromThisMachine(c.req.raw.headers);
  if (!outboxEnabled(c.env) || !local) return c.notFound();
  const messages = await latestOutbox(c.env.LINKS);
  c.header("cache-control", "no-store");
  return c.html(html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Local outbox · SplitLink</title>
      </head>
      <body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem">
        <h1>Local outbox</h1>
        <p>Emails of the last hour, newest first. No mail provider is configured, so nothing left this machine.</p>
        ${
          messages.length === 0
            ? html`<p>No emails yet.</p>`
            : html`<ol>
              ${messages.map(
                (m) => html`<li style="margin-bottom: 1rem">
                  <strong>${m.subject}</strong><br />
                  To: <span class="to">${m.to}</span> · ${new Date(m.sentAt).toISOString()}<br />
                  <a href="${m.link}">${m.link}</a>
                </li>`,
              )}
            </ol>`
        }
      </body>
    </html>`);
});
