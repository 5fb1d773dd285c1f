import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";

const checkOrigin = csrf();

/**
 * Hono's Origin check for the cookie-authenticated API. The public API (/api/v1) is skipped: it
 * authenticates by bearer key alone, which a forged cross-site request cannot carry.
 */
export const csrfForCookieApi = createMiddleware((c, next) =>
  c.req.path.startsWith("/api/v1/") ? next() : checkOrigin(c, next),
);
