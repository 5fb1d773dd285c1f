import { configured } from "./config";
import { CRONS } from "./crons";
import { isAppHost } from "./lib/hosts";
import { onDemand } from "./lib/on-demand";
import { log } from "./observability/log";
import { misconfiguredResponse } from "./observability/misconfigured";
import { observeRedirect } from "./observability/redirect-log";
import { requestIdOf } from "./observability/request-id";
import { redirectBySlug, redirectOnCustomDomain } from "./redirect/handlers";

export { ShardWriter } from "./queue/shard-writer";

// Static imports here are what a new isolate runs before its first answer: only the redirect's
// modules. The app, the queue consumers and the crons load on first use, each declared here once
// (docs/architecture.md, "Loading on demand"); `npm run check:bundle` fails if one of them comes back
// into startup.
const loadApp = onDemand(() => import("./app"));
const loadWebhookConsumers = onDemand(() =>
  Promise.all([import("./webhooks/consumer"), import("./integrations/slack/deliver")]),
);
const loadAutopilot = onDemand(() => import("./services/autopilot"));
const loadLinkPurges = onDemand(() => import("./services/link-purges"));
const loadDeadLetters = onDemand(() => import("./queue/dead-letters"));
const loadClickConsumer = onDemand(() => import("./queue/consumer"));
const loadDomains = onDemand(() => import("./services/domains"));
const loadCacheRepair = onDemand(() =>
  Promise.all([import("./link-cache/writes"), import("./services/shard-copies")]),
);
const loadArchive = onDemand(() => import("./archive/run"));
const loadDigests = onDemand(() => import("./services/digest"));

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
    const { default: app } = await loadApp();
    return app.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    // splitlink-webhooks (and -staging): signed deliveries to users' endpoints; splitlink-clicks-dlq (and
    // -staging): what the click consumer could not take, kept in D1; splitlink-autopilot (and -staging):
    // the due tests the autopilot cron queued; splitlink-link-purges (and -staging): the link cache's
    // purges; every other queue carries clicks and conversions.
    if (batch.queue.startsWith("splitlink-webhooks")) {
      const [{ consumeWebhooks }, { consumeSlack }] = await loadWebhookConsumers();
      return consumeWebhooks(batch, env, { toSlack: consumeSlack });
    }
    if (batch.queue.startsWith("splitlink-autopilot")) {
      const { consumeAutopilot } = await loadAutopilot();
      return consumeAutopilot(batch, env);
    }
    if (batch.queue.startsWith("splitlink-link-purges")) {
      const { consumePurges } = await loadLinkPurges();
      return consumePurges(batch, env);
    }
    if (batch.queue.startsWith("splitlink-clicks-dlq")) {
      const { keepDeadLetters } = await loadDeadLetters();
      return keepDeadLetters(batch, env);
    }
    const { consumeEvents } = await loadClickConsumer();
    return consumeEvents(batch, env);
  },
  async scheduled(controller, rawEnv) {
    const config = configured(rawEnv);
    if (!config.ok) {
      log("warn", "scheduled_skipped", { reason: "misconfigured" });
      return;
    }
    if (controller.cron === CRONS.reverifyDomains) {
      const { reverifyPendingDomains } = await loadDomains();
      await reverifyPendingDomains(config.env);
    } else if (controller.cron === CRONS.repairCache) {
      const [{ repairCache }, { repairShardCopies }] = await loadCacheRepair();
      await repairCache(config.env);
      await repairShardCopies(config.env);
    } else if (controller.cron === CRONS.autopilot) {
      const { scheduleAutopilot } = await loadAutopilot();
      await scheduleAutopilot(config.env, controller.scheduledTime);
    } else if (controller.cron === CRONS.archive) {
      const { runArchive } = await loadArchive();
      await runArchive(config.env);
    } else if (controller.cron === CRONS.weeklyDigest) {
      const { sendDigests } = await loadDigests();
      await sendDigests(config.env);
    } else log("warn", "scheduled_unknown_cron", { cron: controller.cron });
  },
} satisfies ExportedHandler<Env>;
