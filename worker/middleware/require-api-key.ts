import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ErrorCode, User } from "../../contract/api";
import { API_KEY_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import { type Actor, canEdit, type WorkspaceAccess } from "../../contract/workspaces";
import { looksLikeApiKey } from "../auth/api-keys";
import { getDb } from "../db/client";
import { ApiError } from "../errors";
import { isReadMethod } from "../lib/methods";
import { log } from "../observability/log";
import { findApiKey, LAST_USED_RESOLUTION_MS, touchApiKey } from "../services/api-keys";
import { limitApiKey } from "../services/limits";
import { assertTwoFactorMet } from "../services/workspaces";
import { limitWritesOf } from "./require-user";

/** Hono's environment of the public API: the key's maker, the key, its workspace and scope as a role. */
export interface ApiKeyEnv {
  Bindings: Env;
  Variables: { user: User; apiKeyId: string; workspace: WorkspaceAccess; actor: Actor };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** A 401 that tells the caller how to authenticate (RFC 6750). */
function refused(c: Context, code: ErrorCode, message: string): ApiError {
  c.header("WWW-Authenticate", 'Bearer realm="SplitLink API"');
  return new ApiError(code, message);
}

/**
 * The live API key the request carries as `Authorization: Bearer <key>`, else 401, and the role it acts
 * with: a write key acts as an editor of its workspace while its maker may edit there; else as a viewer.
 * Neither rate-limited nor checked for two-factor: its callers do both (the MCP server too).
 */
export async function presentedApiKey(c: Context) {
  const presented = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  if (!presented) throw refused(c, "api_key_missing", API_KEY_MESSAGES.missing);
  const found = looksLikeApiKey(presented) ? await findApiKey(getDb(c.env.DB), presented) : undefined;
  if (!found) throw refused(c, "api_key_invalid", API_KEY_MESSAGES.invalid);
  const role: WorkspaceAccess["role"] =
    found.scope === "write" && canEdit(found.makerRole) ? "editor" : "viewer";
  return { found, role };
}

/**
 * Lets through only requests carrying a live API key of someone still a member of its workspace (a
 * removed member's keys stop at once; a member made viewer keeps reading only; a maker without the two-factor
 * sign-in the workspace requires gets 403 `two_factor_required`) as `Authorization: Bearer <key>`. Cookies are
 * ignored: a browser session never authenticates the public API, so it needs no CSRF check either.
 * Each key is rate-limited; its last use is recorded after the answer, at most once a minute.
 */
export const requireApiKey = createMiddleware<ApiKeyEnv>(async (c, next) => {
  const { found, role } = await presentedApiKey(c);
  const db = getDb(c.env.DB);
  await limitApiKey(c.env, found.id);
  assertTwoFactorMet({ twoFactorMissing: found.makerTwoFactorMissing });
  if (!isReadMethod(c.req.method)) await limitWritesOf(c, `key:${found.id}`);
  if (role === "viewer" && !isReadMethod(c.req.method))
    throw new ApiError(
      "forbidden",
      found.scope === "read" ? WORKSPACE_MESSAGES.readKeyCannotChange : WORKSPACE_MESSAGES.viewerCannotChange,
    );
  c.set("user", found.user);
  c.set("apiKeyId", found.id);
  c.set("workspace", { id: found.workspaceId ?? found.user.id, role });
  c.set("actor", { type: "api_key", userId: found.user.id, label: found.name });
  const now = Date.now();
  if (found.lastUsedAt === null || found.lastUsedAt < now - LAST_USED_RESOLUTION_MS) {
    c.executionCtx.waitUntil(
      touchApiKey(db, found.id, now).catch((error) =>
        log("warn", "api_key_touch_failed", { keyId: found.id, error }),
      ),
    );
  }
  await next();
});
