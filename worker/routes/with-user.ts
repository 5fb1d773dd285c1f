import type { Context } from "hono";
import type { User } from "../../contract/api";
import type { Actor, WorkspaceAccess } from "../../contract/workspaces";

/**
 * What handlers shared by the app's API (session) and the public API (API key) ask of a route: a user,
 * the workspace the request works in with the caller's role there, and who is acting (for the history).
 */
export interface UserEnv {
  Bindings: Env;
  Variables: { user: User; workspace: WorkspaceAccess; actor: Actor };
}

/** The context of a shared handler: any route whose environment has a signed-in or key-holding user. */
export type UserContext<E extends UserEnv = UserEnv> = Context<E>;

/** The workspace a request works in and the acting user, for a new row: it belongs to the workspace. */
export function creatorOf<E extends UserEnv>(c: UserContext<E>) {
  return { workspaceId: c.get("workspace").id, userId: c.get("user").id };
}

/** The workspace a request changes and who is acting, as the history records them. */
export function actingIn<E extends UserEnv>(c: UserContext<E>) {
  return { workspaceId: c.get("workspace").id, actor: c.get("actor") };
}
