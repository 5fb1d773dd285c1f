import type { User } from "../contract/api";
import type { Actor, WorkspaceAccess } from "../contract/workspaces";

/** Hono's environment for every route: the Worker bindings and what middleware sets. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    user: User;
    sessionId: string;
    accessExpiresAt: number;
    requestId: string;
    workspace: WorkspaceAccess;
    actor: Actor;
  };
}
