import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { GENERIC_MESSAGES } from "../contract/messages";
import type { AppEnv } from "./env";
import { API_MAX_BODY_BYTES, limitBody } from "./lib/body-limit";
import { ApiError } from "./lib/errors";
import { apiSecurityHeaders, htmlSecurityHeaders } from "./lib/security-headers";
import { csrfForCookieApi } from "./middleware/csrf";
import { accountRoutes } from "./routes/account";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { devOutboxRoutes } from "./routes/dev-outbox";
import { domainRoutes } from "./routes/domains";
import { publicApiRoutes } from "./routes/public-api";
import { splitTestRoutes } from "./routes/split-tests";
import { trackingRoutes } from "./routes/tracking";

/** A Hono app with the one error shape and not-found answer every route shares. */
function createApp() {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body, error.status);
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(
        { error: { code: "bad_request", message: error.message || GENERIC_MESSAGES.invalidInput } },
        status,
      );
    }
    console.error("Unhandled error", c.req.method, c.req.path, error);
    return c.json({ error: { code: "internal_error", message: GENERIC_MESSAGES.internal } }, 500);
  });
  app.notFound((c) => c.json({ error: { code: "not_found", message: GENERIC_MESSAGES.notFound } }, 404));
  return app;
}

const app = createApp();

app.use("/api/*", apiSecurityHeaders, csrfForCookieApi, limitBody(API_MAX_BODY_BYTES));
app
  .route("/api/auth", authRoutes)
  .route("/api/tests", splitTestRoutes)
  .route("/api/domains", domainRoutes)
  .route("/api/account", accountRoutes)
  .route("/api/keys", apiKeyRoutes)
  .route("/api/v1", publicApiRoutes)
  .route("/", trackingRoutes);

app.use("/dev/*", htmlSecurityHeaders);
app.route("/dev", devOutboxRoutes);

// Everything else on the app host is the SPA; the asset binding answers index.html for its routes.
app.get("*", htmlSecurityHeaders, async (c) => {
  if (c.req.path.startsWith("/api/")) return c.notFound();
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  return new Response(asset.body, asset);
});

export default app;
