import app from "./app";
import { isAppHost } from "./lib/hosts";
import { consumeEvents } from "./queue/consumer";
import { redirectBySlug, redirectOnCustomDomain } from "./redirect/handlers";

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
} satisfies ExportedHandler<Env>;
