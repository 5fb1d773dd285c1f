import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { log } from "./log";
import { REQUEST_ID_HEADER, requestIdOf, sampled } from "./request-id";

// The SPA's pages, the tracker and conversion beacons are many and alike: one in a hundred, and every error.
const NON_API_SAMPLE_RATE = 0.01;

/**
 * Gives every request an id (header X-Request-Id, and `error.requestId` in error bodies) and writes
 * one JSON line per API request: method, route template (never ids or query strings), status, duration, user.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = requestIdOf(c.req.raw);
  c.set("requestId", requestId);
  await next();
  c.header(REQUEST_ID_HEADER, requestId);
  const status = c.res.status;
  if (!c.req.path.startsWith("/api/") && !sampled(status, NON_API_SAMPLE_RATE)) return;
  log(status >= 500 ? "error" : "info", "request", {
    requestId,
    method: c.req.method,
    path: routePath(c),
    status,
    durationMs: Date.now() - started,
    userId: c.get("user")?.id,
  });
});
