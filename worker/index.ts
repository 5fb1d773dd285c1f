import app from "./app";
import { configured } from "./config";
import { CRONS } from "./crons";
import { isAppHost } from "./lib/hosts";
import { repairCache } from "./link-cache/writes";
import { log } from "./observability/log";
import { misconfiguredResponse } from "./observability/misconfigured";
import { observeRedirect } from "./observability/redirect-log";
import { requestIdOf } from "./observability/request-id";
import { consumeEvents } from "./queue/consumer";
import { redirectBySlug, redirectOnCustomDomain } from "./redirect/handlers";
import { reverifyPendingDomains } from "./services/domains";

export default {
  fetch(request, rawEnv, ctx) {
    const url = new URL(request.url);
    const config = configured(rawEnv);
    if (!config.ok) return misconfiguredResponse(url, requestIdOf(request));
    const env = config.env;
    // Redirects skip the Hono app: the hot path does only what a visit needs.
    const customDomain = !isAppHost(url.hostname, env.APP_HOST);
    if (customDomain || url.pathname.startsWith("/r/") || url.pathname === "/r") {
      const details = { requestId: requestIdOf(request), method: request.method, started: Date.now() };
      return customDomain
        ? observeRedirect(redirectOnCustomDomain(request, url, env, ctx), {
            ...details,
            route: "custom-domain",
          })
        : observeRedirect(redirectBySlug(request, url, env, ctx), { ...details, route: "/r/:slug" });
    }
    return app.fetch(request, env, ctx);
  },
  queue(batch, env) {
    return consumeEvents(batch, env);
  },
  async scheduled(controller, rawEnv) {
    const config = configured(rawEnv);
    if (!config.ok) {
      log("warn", "scheduled_skipped", { reason: "misconfigured" });
      return;
    }
    if (controller.cron === CRONS.reverifyDomains) await reverifyPendingDomains(config.env);
    else if (controller.cron === CRONS.repairCache) await repairCache(config.env);
    else log("warn", "scheduled_unknown_cron", { cron: controller.cron });
  },
} satisfies ExportedHandler<Env>;
