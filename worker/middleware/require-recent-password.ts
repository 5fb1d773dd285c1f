import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AUTH_MESSAGES } from "../../contract/messages";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { passwordIsRecent } from "../services/auth";

/**
 * After requireUser: a credential or destructive action (an API key, an integration's secret, a role,
 * removing a member, the ownership, deleting a workspace or lifting its two-factor requirement) needs the
 * password entered in this session within the last 10 minutes, so a stolen session alone cannot do it:
 * 403 `reauth_required` until POST /api/auth/reauth.
 */
export async function assertRecentPassword(c: Context<AppEnv>): Promise<void> {
  if (!(await passwordIsRecent(getDb(c.env.DB), c.get("sessionId"))))
    throw new ApiError("reauth_required", AUTH_MESSAGES.reauthRequired);
}

/** assertRecentPassword for every request of a route. */
export const requireRecentPassword = createMiddleware<AppEnv>(async (c, next) => {
  await assertRecentPassword(c);
  await next();
});
