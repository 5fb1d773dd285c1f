import type { User } from "../contract/api";

/** Hono's environment for every route: the Worker bindings and what middleware sets. */
export interface AppEnv {
  Bindings: Env;
  Variables: { user: User; sessionId: string; accessExpiresAt: number; requestId: string };
}
