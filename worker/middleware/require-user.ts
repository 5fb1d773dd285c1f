import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AUTH_MESSAGES } from "../../contract/messages";
import { WRITE_RETRY_AFTER_SECONDS } from "../../contract/quotas";
import { readAuthCookies } from "../auth/session-cookies";
import { verifyAccessToken } from "../auth/tokens";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { isReadMethod } from "../lib/methods";
import { isSessionLive } from "../services/auth";
import { limitWrites } from "../services/limits";

/**
 * Lets only signed-in callers through and puts their user and session on the context. Each write
 * counts against the user's write limit, once per request (two routers' guards may both run).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const firstPass = c.get("sessionId") === undefined;
  const claims = await liveSessionOf(c);
  if (!claims) throw new ApiError("session_missing", AUTH_MESSAGES.sessionMissing);
  c.set("user", claims.user);
  c.set("sessionId", claims.sessionId);
  c.set("accessExpiresAt", claims.expiresAt);
  if (firstPass && !isReadMethod(c.req.method)) await limitWritesOf(c, `user:${claims.user.id}`);
  await next();
});

/** The caller's live session, or null when they are signed out (or their session was revoked). */
export async function liveSessionOf(c: Context<AppEnv>) {
  const { accessToken } = readAuthCookies(c);
  const claims = accessToken ? await verifyAccessToken(c.env.JWT_SECRET, accessToken) : null;
  return claims && (await isSessionLive(getDb(c.env.DB), claims.sessionId)) ? claims : null;
}

/** limitWrites, with the `Retry-After` of its window on a refusal. */
export async function limitWritesOf(c: Context, key: string): Promise<void> {
  try {
    await limitWrites(c.env, key);
  } catch (error) {
    c.header("Retry-After", String(WRITE_RETRY_AFTER_SECONDS));
    throw error;
  }
}
