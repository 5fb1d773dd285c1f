import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { WORKSPACE_MESSAGES } from "../../contract/messages";
import {
  canEdit,
  canManageMembers,
  type Role,
  WORKSPACE_HEADER,
  WORKSPACE_QUERY,
} from "../../contract/workspaces";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { isReadMethod } from "../lib/methods";
import { accessOf, assertTwoFactorMet } from "../services/workspaces";

/**
 * After requireUser: puts the workspace named by the SplitLink-Workspace header (a download link's
 * `?workspace=`; neither: the user's personal workspace, whose id is theirs) and the user's role there
 * on the context. A workspace the user is not a member of answers 404, as if it did not exist. Every
 * request reads the membership afresh, so a removed member loses access at once.
 */
async function enterWorkspace(c: Context<AppEnv>, inPath?: string) {
  const user = c.get("user");
  const reading = isReadMethod(c.req.method);
  const named =
    inPath ??
    (c.req.header(WORKSPACE_HEADER)?.trim() ||
      (reading ? c.req.query(WORKSPACE_QUERY) : undefined) ||
      user.id);
  const access = named.length <= 64 ? await accessOf(getDb(c.env.DB), named, user.id) : undefined;
  if (!access) throw new ApiError("not_found", WORKSPACE_MESSAGES.notFound);
  assertTwoFactorMet(access);
  c.set("workspace", { id: access.id, role: access.role });
  c.set("actor", { type: "user", userId: user.id, label: user.email });
  return { access, reading };
}

/** The request's workspace; a viewer's change answers 403. */
export const requireWorkspace = createMiddleware<AppEnv>(async (c, next) => {
  refuseViewerChange(await enterWorkspace(c));
  await next();
});

/**
 * The same for a route of the workspace resource, `/api/workspaces/:id/…`, which names the workspace in
 * its path whatever the app has open.
 */
export const requireWorkspaceInPath = createMiddleware<AppEnv>(async (c, next) => {
  refuseViewerChange(await enterWorkspace(c, c.req.param("id") ?? ""));
  await next();
});

function refuseViewerChange({ access, reading }: { access: { role: Role }; reading: boolean }) {
  if (!reading && !canEdit(access.role))
    throw new ApiError("forbidden", WORKSPACE_MESSAGES.viewerCannotChange);
}

/** The request's workspace, for what only its owners may do there: other members get 403. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  const { access } = await enterWorkspace(c);
  if (!canManageMembers(access.role)) throw new ApiError("forbidden", WORKSPACE_MESSAGES.ownerOnly);
  await next();
});

/** The request's workspace, for a member's own choices there (alerts, the digest): every role, a viewer too. */
export const requireMembership = createMiddleware<AppEnv>(async (c, next) => {
  await enterWorkspace(c);
  await next();
});
