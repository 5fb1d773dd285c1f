import type { Context } from "hono";
import type { User } from "../../contract/api";

/** What handlers shared by the app's API (session) and the public API (API key) ask of a route: a user. */
export interface UserEnv {
  Bindings: Env;
  Variables: { user: User };
}

/** The context of a shared handler: any route whose environment has a signed-in or key-holding user. */
export type UserContext<E extends UserEnv = UserEnv> = Context<E>;
