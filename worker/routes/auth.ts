import { type Context, Hono } from "hono";
import type {
  AuthResponse,
  CheckEmailResponse,
  ReauthResponse,
  TwoFactorChallengeResponse,
} from "../../contract/api";
import { credentialsSchema, reauthSchema, signUpSchema, twoFactorCodeSchema } from "../../contract/api/auth";
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from "../../contract/messages";
import {
  clearAuthCookies,
  clearSignUpCookie,
  clearTwoFactorCookie,
  readAuthCookies,
  readTwoFactorCookie,
  setAuthCookies,
  setSignUpCookie,
  setTwoFactorCookie,
} from "../auth/session-cookies";
import {
  signTwoFactorChallenge,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  verifyAccessToken,
  verifyTwoFactorChallenge,
} from "../auth/tokens";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { randomToken } from "../lib/base64url";
import { emailOrigin } from "../lib/links";
import { requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import { signUpByEmail } from "../services/account";
import {
  accountOf,
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
import { EMAIL_TOKEN_TTL_MS } from "../services/email-tokens";
import { limitAuthAttempts, limitPasswordChanges, limitSecondFactor, requesterOf } from "../services/limits";
import { invitesEmail } from "../services/members";
import { checkSecondFactor, twoFactorEnabled } from "../services/two-factor";

export function authResponse(session: IssuedSession): AuthResponse {
  return { user: session.user, emailVerified: session.emailVerified, expiresAt: session.accessExpiresAt };
}

/**
 * The password was right and the user has two-factor sign-in: no session yet, only a short-lived
 * challenge cookie that POST /api/auth/2fa trades, with a code, for one.
 */
export async function askForSecondFactor(c: Context<AppEnv>, userId: string) {
  const challenge = await signTwoFactorChallenge(
    c.env.JWT_SECRET,
    userId,
    Date.now() + TWO_FACTOR_CHALLENGE_TTL_MS,
  );
  setTwoFactorCookie(c, challenge);
  return c.json({ twoFactorRequired: true } satisfies TwoFactorChallengeResponse, 200);
}

export const authRoutes = new Hono<AppEnv>()
  .post("/signup", validate("json", signUpSchema), async (c) => {
    const { email, password, currency, invitationToken } = c.req.valid("json");
    await limitAuthAttempts(c.env, c.req.raw.headers, email);
    const db = getDb(c.env.DB);
    // The emailed invitation's link proves the mailbox: its holder is signed in at once, and may learn
    // that the email has an account.
    if (invitationToken !== undefined && (await invitesEmail(db, invitationToken, email))) {
      const account = await signUp(db, email, password, currency ?? null, true);
      const session = await startSession(db, c.env.JWT_SECRET, account);
      setAuthCookies(c, session);
      return c.json(authResponse(session), 201);
    }
    // Anyone else gets one answer whether or not the email has an account; each mailbox gets a mail. The
    // answer marks this browser as the sign-up's, the one its link signs in (verifyEmail).
    const browser = randomToken();
    await signUpByEmail(
      c.env,
      c.executionCtx,
      { email, password, currency: currency ?? null },
      emailOrigin(c.req.url, c.env),
      browser,
      requesterOf({ headers: c.req.raw.headers }),
    );
    setSignUpCookie(c, browser, EMAIL_TOKEN_TTL_MS.verify_email);
    return c.json({ checkEmail: true } satisfies CheckEmailResponse, 202);
  })
  .post("/login", validate("json", credentialsSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await limitAuthAttempts(c.env, c.req.raw.headers, email);
    const db = getDb(c.env.DB);
    const account = await logIn(db, email, password);
    if (await twoFactorEnabled(db, account.user.id)) return askForSecondFactor(c, account.user.id);
    const session = await startSession(db, c.env.JWT_SECRET, account);
    setAuthCookies(c, session);
    return c.json(authResponse(session), 200);
  })
  .post("/2fa", validate("json", twoFactorCodeSchema), async (c) => {
    const challenge = readTwoFactorCookie(c);
    const userId = challenge ? await verifyTwoFactorChallenge(c.env.JWT_SECRET, challenge) : null;
    if (!userId) throw new ApiError("session_missing", TWO_FACTOR_MESSAGES.codeExpired);
    await limitSecondFactor(c.env, c.req.raw.headers, userId);
    const db = getDb(c.env.DB);
    await checkSecondFactor(db, c.env.JWT_SECRET, userId, c.req.valid("json").code);
    const account = await accountOf(db, userId);
    if (!account) throw new ApiError("session_missing", TWO_FACTOR_MESSAGES.codeExpired);
    const session = await startSession(db, c.env.JWT_SECRET, account);
    clearTwoFactorCookie(c);
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
    // Signed out, the browser is no longer the one a sign-up's link signs in.
    clearSignUpCookie(c);
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
