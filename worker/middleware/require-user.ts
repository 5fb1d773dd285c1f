import { createMiddleware } from "hono/factory";
import { AUTH_MESSAGES } from "../../contract/messages";
import { readAuthCookies } from "../auth/session-cookies";
import { verifyAccessToken } from "../auth/tokens";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { isSessionLive } from "../services/auth";

/** Lets only signed-in callers through and puts their user and session on the context. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const { accessToken } = readAuthCookies(c);
  const claims = accessToken ? await verifyAccessToken(c.env.JWT_SECRET, accessToken) : null;
  if (!claims || !(await isSessionLive(getDb(c.env.DB), claims.sessionId)))
    throw new ApiError("session_missing", AUTH_MESSAGES.sessionMissing);
  c.set("user", claims.user);
  c.set("sessionId", claims.sessionId);
  c.set("accessExpiresAt", claims.expiresAt);
  await next();
});
