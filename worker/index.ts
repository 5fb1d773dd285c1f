import { configured } from "./config";
import { CRONS } from "./crons";
import { isAppHost } from "./lib/hosts";
import { log } from "./observability/log";
import { misconfiguredResponse } from "./observability/misconfigured";
import { observeRedirect } from "./observability/redirect-log";
import { requestIdOf } from "./observability/request-id";
import { redirectBySlug, redirectOnCustomDomain } from "./redirect/handlers";

export { ShardWriter } from "./queue/shard-writer";

// Static imports here are what a new isolate runs before its first answer: only the redirect's
// modules. The app, the queue consumer and the crons load on first use (docs/architecture.md,
// "Loading on demand"); `npm run check:bundle` fails if one of them comes back into startup.

export default {
  async fetch(request, rawEnv, ctx) {
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
    const { default: app } = await import("./app");
    return app.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    // splitlink-webhooks (and -staging): signed deliveries to users' endpoints; splitlink-clicks-dlq (and
    // -staging): what the click consumer could not take, kept in D1; splitlink-autopilot (and -staging):
    // the due tests the autopilot cron queued; splitlink-link-purges (and -staging): the link cache's
    // purges; every other queue carries clicks and conversions.
    if (batch.queue.startsWith("splitlink-webhooks")) {
      const [{ consumeWebhooks }, { consumeSlack }] = await Promise.all([
        import("./webhooks/consumer"),
        import("./integrations/slack/deliver"),
      ]);
      return consumeWebhooks(batch, env, { toSlack: consumeSlack });
    }
    if (batch.queue.startsWith("splitlink-autopilot")) {
      const { consumeAutopilot } = await import("./services/autopilot");
      return consumeAutopilot(batch, env);
    }
    if (batch.queue.startsWith("splitlink-link-purges")) {
      const { consumePurges } = await import("./services/link-purges");
      return consumePurges(batch, env);
    }
    if (batch.queue.startsWith("splitlink-clicks-dlq")) {
      const { keepDeadLetters } = await import("./queue/dead-letters");
      return keepDeadLetters(batch, env);
    }
    const { consumeEvents } = await import("./queue/consumer");
    return consumeEvents(batch, env);
  },
  async scheduled(controller, rawEnv) {
    const config = configured(rawEnv);
    if (!config.ok) {
      log("warn", "scheduled_skipped", { reason: "misconfigured" });
      return;
    }
    if (controller.cron === CRONS.reverifyDomains) {
      const { reverifyPendingDomains } = await import("./services/domains");
      await reverifyPendingDomains(config.env);
    } else if (controller.cron === CRONS.repairCache) {
      const { repairCache } = await import("./link-cache/writes");
      await repairCache(config.env);
      const { repairShardCopies } = await import("./services/shard-copies");
      await repairShardCopies(config.env);
    } else if (controller.cron === CRONS.autopilot) {
      const { scheduleAutopilot } = await import("./services/autopilot");
      await scheduleAutopilot(config.env, controller.scheduledTime);
    } else if (controller.cron === CRONS.archive) {
      const { runArchive } = await import("./archive/run");
      await runArchive(config.env);
    } else if (controller.cron === CRONS.weeklyDigest) {
      const { sendDigests } = await import("./services/digest");
      await sendDigests(config.env);
    } else log("warn", "scheduled_unknown_cron", { cron: controller.cron });
  },
} satisfies ExportedHandler<Env>;
