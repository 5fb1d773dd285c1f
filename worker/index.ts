import app from "./app";
import { isAppHost } from "./lib/hosts";
import { consumeEvents } from "./queue/consumer";
import { redirectBySlug, redirectOnCustomDomain } from "./redirect/handlers";
import { reverifyPendingDomains } from "./services/domains";

export default {
  // Redirects skip the Hono app: the hot path does only what a visit needs.
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (!isAppHost(url.hostname, env.APP_HOST)) return redirectOnCustomDomain(request, url, env, ctx);
    if (url.pathname.startsWith("/r/") || url.pathname === "/r")
      return redirectBySlug(request, url, env, ctx);
    return app.fetch(request, env, ctx);
  },
  queue(batch, env) {
    return consumeEvents(batch, env);
  },
  // The hourly cron re-checks custom domains still waiting for verification.
  async scheduled(_controller, env) {
    await reverifyPendingDomains(env);
  },
} satisfies ExportedHandler<Env>;
