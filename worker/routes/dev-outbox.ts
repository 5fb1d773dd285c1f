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

/** GET /dev/outbox: the local outbox's latest messages with their links; off unless DEV_OUTBOX=true. */
export const devOutboxRoutes = new Hono<AppEnv>().get("/outbox", async (c) => {
  if (!outboxEnabled(c.env) || !isLoopbackHost(new URL(c.req.url).hostname)) return c.notFound();
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
