import { createFactory } from "hono/factory";
import type { User } from "../../contract/api";

/**
 * Handlers shared by the app's API (session) and the public API (API key): all they ask of a route is
 * a signed-in or key-holding user.
 */
export const withUser = createFactory<{ Bindings: Env; Variables: { user: User } }>();
