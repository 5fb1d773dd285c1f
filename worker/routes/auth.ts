import { Hono } from "hono";
import type { AuthResponse, ReauthResponse } from "../../contract/api";
import { credentialsSchema, reauthSchema } from "../../contract/api/auth";
import { AUTH_MESSAGES } from "../../contract/messages";
import { clearAuthCookies, readAuthCookies, setAuthCookies } from "../auth/session-cookies";
import { verifyAccessToken } from "../auth/tokens";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { clientIpOf } from "../lib/client-ip";
import { emailOrigin } from "../lib/links";
import { requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import { sendVerificationEmail } from "../services/account";
import {
  type IssuedSession,
  liveSessionAccount,
  logIn,
  reauthenticate,
  revokeSession,
  rotateSession,
  sessionIdOfRefreshToken,
  signUp,
  startSession,
} from "../services/auth";
import { limitAuthAttempts, limitPasswordChanges } from "../services/limits";

export function authResponse(session: IssuedSession): AuthResponse {
  return { user: session.user, emailVerified: session.emailVerified, expiresAt: session.accessExpiresAt };
}

export const authRoutes = new Hono<AppEnv>()
  .post("/signup", validate("json", credentialsSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await limitAuthAttempts(c.env, clientIpOf(c.req.raw.headers), email);
    const db = getDb(c.env.DB);
    const account = await signUp(db, email, password);
    const session = await startSession(db, c.env.JWT_SECRET, account);
    await sendVerificationEmail(c.env, c.executionCtx, account.user, emailOrigin(c.req.url, c.env));
    setAuthCookies(c, session);
    return c.json(authResponse(session), 201);
  })
  .post("/login", validate("json", credentialsSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await limitAuthAttempts(c.env, clientIpOf(c.req.raw.headers), email);
    const db = getDb(c.env.DB);
    const account = await logIn(db, email, password);
    const session = await startSession(db, c.env.JWT_SECRET, account);
    setAuthCookies(c, session);
    return c.json(authResponse(session), 200);
  })
  .post("/refresh", async (c) => {
    const { refreshToken } = readAuthCookies(c);
    if (!refreshToken) throw new ApiError("session_missing", AUTH_MESSAGES.sessionMissing);
    try {
      const session = await rotateSession(getDb(c.env.DB), c.env.JWT_SECRET, refreshToken);
      setAuthCookies(c, session);
      return c.json(authResponse(session), 200);
    } catch (error) {
      clearAuthCookies(c);
      throw error;
    }
  })
  .post("/logout", async (c) => {
    const db = getDb(c.env.DB);
    const { accessToken, refreshToken } = readAuthCookies(c);
    const claims = accessToken ? await verifyAccessToken(c.env.JWT_SECRET, accessToken) : null;
    const sessionId =
      claims?.sessionId ?? (refreshToken ? await sessionIdOfRefreshToken(db, refreshToken) : undefined);
    if (sessionId) await revokeSession(db, sessionId);
    clearAuthCookies(c);
    return c.json({ ok: true }, 200);
  })
  // The password again, recorded on the session: sensitive actions accept it for 10 minutes.
  .post("/reauth", requireUser, validate("json", reauthSchema), async (c) => {
    await limitPasswordChanges(c.env, c.get("user").id);
    const recentUntil = await reauthenticate(
      getDb(c.env.DB),
      c.get("user").id,
      c.get("sessionId"),
      c.req.valid("json").password,
    );
    return c.json({ recentUntil } satisfies ReauthResponse, 200);
  })
  .get("/me", requireUser, async (c) => {
    // Read from D1, not the token: verification shows at once, a revoked session or deleted account signs out.
    const account = await liveSessionAccount(getDb(c.env.DB), c.get("sessionId"));
    if (!account) throw new ApiError("session_missing", AUTH_MESSAGES.sessionMissing);
    const body: AuthResponse = { ...account, expiresAt: c.get("accessExpiresAt") };
    return c.json(body, 200);
  });
