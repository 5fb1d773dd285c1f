import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { GENERIC_MESSAGES } from "../contract/messages";
import type { AppEnv } from "./env";
import { ApiError, errorBody, RetryLaterError } from "./errors";
import { API_MAX_BODY_BYTES, limitApiBody, limitBody } from "./middleware/body-limit";
import { csrfForCookieApi } from "./middleware/csrf";
import { apiSecurityHeaders, htmlSecurityHeaders } from "./middleware/security-headers";
import { log } from "./observability/log";
import { requestLog } from "./observability/request-log";
import { accountRoutes } from "./routes/account";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { beaconRoutes } from "./routes/beacon";
import { devOutboxRoutes } from "./routes/dev-outbox";
import { digestRoutes } from "./routes/digest";
import { domainRoutes } from "./routes/domains";
import { healthRoutes } from "./routes/health";
import { integrationRoutes } from "./routes/integrations";
import { landingPage } from "./routes/landing";
import { mcpRoutes } from "./routes/mcp";
import { invitationRoutes, workspaceMemberRoutes } from "./routes/members";
import { publicApiRoutes } from "./routes/public-api";
import { reportPage } from "./routes/reports";
import { shareRoutes } from "./routes/shares";
import { splitTestRoutes } from "./routes/split-tests";
import { stripeEventRoutes } from "./routes/stripe-events";
import { tagRoutes } from "./routes/tags";
import { trackerRoutes } from "./routes/tracker";
import { utmTemplateRoutes } from "./routes/utm-templates";
import { webhookRoutes } from "./routes/webhooks";
import { workspaceHistoryRoutes } from "./routes/workspace-history";
import { workspaceRoutes } from "./routes/workspaces";

/** A Hono app with the one error shape and not-found answer every route shares. */
function createApp() {
  const app = new Hono<AppEnv>();
  app.use("*", requestLog);
  app.onError((error, c) => {
    const requestId = c.get("requestId");
    if (error instanceof RetryLaterError) c.header("Retry-After", String(error.retryAfterSeconds));
    if (error instanceof ApiError) return c.json(error.bodyFor(requestId), error.status);
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(
        errorBody("bad_request", error.message || GENERIC_MESSAGES.invalidInput, requestId),
        status,
      );
    }
    log("error", "unhandled_error", { requestId, method: c.req.method, path: routePath(c), error });
    return c.json(errorBody("internal_error", GENERIC_MESSAGES.internal, requestId), 500);
  });
  app.notFound((c) => c.json(errorBody("not_found", GENERIC_MESSAGES.notFound, c.get("requestId")), 404));
  return app;
}

const app = createApp();

app.use("/api/*", apiSecurityHeaders, csrfForCookieApi, limitApiBody());
app
  .route("/api/auth", authRoutes)
  // Before the tests' routes: their guards would otherwise run a second time.
  .route("/api/tests/:slug/share", shareRoutes)
  .route("/api/tests", splitTestRoutes)
  .route("/api/tags", tagRoutes)
  .route("/api/domains", domainRoutes)
  .route("/api/account/digest", digestRoutes)
  .route("/api/account", accountRoutes)
  .route("/api/keys", apiKeyRoutes)
  .route("/api/webhooks", webhookRoutes)
  .route("/api/utm-templates", utmTemplateRoutes)
  .route("/api/integrations", integrationRoutes)
  .route("/api/workspaces", workspaceRoutes)
  .route("/api/workspace", workspaceHistoryRoutes)
  .route("/api/workspaces", workspaceMemberRoutes)
  .route("/api/invitations", invitationRoutes)
  .route("/api/v1", publicApiRoutes)
  .route("/api/health", healthRoutes)
  .route("/", trackerRoutes)
  .route("/", beaconRoutes);

// The MCP server for agents: each tool call runs through this app as the /api/v1 request it stands for.
app.use("/mcp", apiSecurityHeaders, limitBody(API_MAX_BODY_BYTES));
app.route(
  "/mcp",
  mcpRoutes((request, c) => app.fetch(request, c.env, c.executionCtx)),
);

// Stripe's events for a connected workspace: signed by Stripe, no cookies.
app.use("/integrations/*", apiSecurityHeaders);
app.route("/integrations", stripeEventRoutes);

app.use("/dev/*", htmlSecurityHeaders);
app.route("/dev", devOutboxRoutes);

app.get("/", htmlSecurityHeaders, landingPage);
app.get("/report/:token", htmlSecurityHeaders, reportPage);
// Everything else on the app host is the SPA; the asset binding answers index.html for its routes.
// A file the build lacks (a name with an extension, or under /.well-known/) is a 404, not that page:
// crawlers and agents would read its HTML as the file (/llms.txt, /.well-known/ai-catalog.json).
app.get("*", htmlSecurityHeaders, async (c) => {
  if (c.req.path.startsWith("/api/")) return c.notFound();
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const namesAFile = /\.[^/]+$/.test(c.req.path) || c.req.path.startsWith("/.well-known/");
  if (namesAFile && asset.headers.get("content-type")?.startsWith("text/html")) return c.notFound();
  return new Response(asset.body, asset);
});

export default app;
