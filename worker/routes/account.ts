import { type Context, Hono } from "hono";
import type {
  AccountMessageResponse,
  AlertPreferencesResponse,
  AuthResponse,
  EmailVerifiedResponse,
  PasswordChangedResponse,
  PasswordResetResponse,
  SiteTagResponse,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "../../contract/api";
import {
  alertPreferencesSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "../../contract/api/account";
import { twoFactorCodeSchema } from "../../contract/api/auth";
import { ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES } from "../../contract/messages";
import {
  clearAuthCookies,
  clearSignUpCookie,
  readSignUpCookie,
  setAuthCookies,
} from "../auth/session-cookies";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { emailOrigin } from "../lib/links";
import { requireRecentPassword } from "../middleware/require-recent-password";
import { liveSessionOf, requireUser } from "../middleware/require-user";
import { requireMembership, requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import {
  changePassword,
  deleteAccount,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  verifyEmail,
} from "../services/account";
import { alertPreferencesOf, setAlertPreferences } from "../services/alerts";
import { accountOf, assertPassword, startSession } from "../services/auth";
import {
  limitMail,
  limitPasswordChanges,
  limitPasswordResets,
  limitSecondFactor,
  requesterOf,
} from "../services/limits";
import { siteKeyOf } from "../services/tracking";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorEnabled } from "../services/two-factor";
import { askForSecondFactor, authResponse } from "./auth";

const message = (text: string): AccountMessageResponse => ({ message: text });

/** The signed-in member of the request's workspace. */
const memberOf = (c: Context<AppEnv>) => ({ workspaceId: c.get("workspace").id, userId: c.get("user").id });

/** Email verification, password reset and the settings page's account actions. */
export const accountRoutes = new Hono<AppEnv>()
  // The link proves the mailbox and finishes sign-up: opened in the browser that signed up, it signs its
  // user in, unless they sign in with a code; elsewhere they log in first (verifyEmail).
  .post("/verify-email", validate("json", verifyEmailSchema), async (c) => {
    const db = getDb(c.env.DB);
    const { userId, signUpBrowser } = await verifyEmail(db, c.req.valid("json").token, {
      browser: readSignUpCookie(c),
      signedInAs: (await liveSessionOf(c))?.user.id,
    });
    const account = signUpBrowser ? await accountOf(db, userId) : null;
    let session: AuthResponse | null = null;
    if (account && !(await twoFactorEnabled(db, userId))) {
      const issued = await startSession(db, c.env.JWT_SECRET, account);
      setAuthCookies(c, issued);
      clearSignUpCookie(c);
      session = authResponse(issued);
    }
    const body: EmailVerifiedResponse = { message: ACCOUNT_MESSAGES.emailVerified, session };
    return c.json(body, 200);
  })
  .post("/verification-email", requireUser, async (c) => {
    const user = c.get("user");
    await limitMail(c.env, "verify", user.email, requesterOf({ userId: user.id }));
    await resendVerificationEmail(c.env, user.id, emailOrigin(c.req.url, c.env));
    return c.json(message(ACCOUNT_MESSAGES.verificationSent), 200);
  })
  .post("/forgot-password", validate("json", forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    await limitPasswordResets(c.env, c.req.raw.headers, email);
    requestPasswordReset(c.env, c.executionCtx, email, emailOrigin(c.req.url, c.env));
    return c.json(message(ACCOUNT_MESSAGES.resetRequested), 200);
  })
  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const { account, revokedApiKeys } = await resetPassword(db, token, password);
    // The email proves the reset, not the second factor: that is still asked for (the keys card says
    // which keys the reset revoked).
    if (await twoFactorEnabled(db, account.user.id)) return askForSecondFactor(c, account.user.id);
    const session = await startSession(db, c.env.JWT_SECRET, account);
    setAuthCookies(c, session);
    return c.json({ ...authResponse(session), revokedApiKeys } satisfies PasswordResetResponse, 200);
  })
  .post("/password", requireUser, validate("json", changePasswordSchema), async (c) => {
    await limitPasswordChanges(c.env, c.get("user").id);
    const db = getDb(c.env.DB);
    const revokedApiKeys = await changePassword(
      db,
      c.get("user").id,
      c.get("sessionId"),
      c.req.valid("json"),
    );
    const body: PasswordChangedResponse = { message: ACCOUNT_MESSAGES.passwordChanged, revokedApiKeys };
    return c.json(body, 200);
  })
  // The current workspace's tag (also at GET /api/workspaces/:id/site-tag).
  .get("/site-tag", requireUser, requireWorkspace, async (c) => {
    const siteKey = await siteKeyOf(c.env.DB, c.get("workspace").id);
    return c.json({ siteKey } satisfies SiteTagResponse, 200);
  })
  .get("/alerts", requireUser, requireMembership, async (c) => {
    const alerts = await alertPreferencesOf(getDb(c.env.DB), memberOf(c));
    return c.json({ alerts } satisfies AlertPreferencesResponse, 200);
  })
  .put("/alerts", requireUser, requireMembership, validate("json", alertPreferencesSchema), async (c) => {
    const alerts = await setAlertPreferences(getDb(c.env.DB), memberOf(c), c.req.valid("json"));
    return c.json({ alerts } satisfies AlertPreferencesResponse, 200);
  })
  // Two-factor sign-in: a new secret, enabled by a code from it; off again with a recent password.
  .get("/2fa", requireUser, async (c) => {
    const enabled = await twoFactorEnabled(getDb(c.env.DB), c.get("user").id);
    return c.json({ enabled } satisfies TwoFactorStatusResponse, 200);
  })
  .post("/2fa/setup", requireUser, async (c) => {
    const setup = await setUpTwoFactor(getDb(c.env.DB), c.env.JWT_SECRET, c.get("user"));
    return c.json(setup satisfies TwoFactorSetupResponse, 200);
  })
  .post("/2fa/enable", requireUser, validate("json", twoFactorCodeSchema), async (c) => {
    await limitSecondFactor(c.env, c.req.raw.headers, c.get("user").id);
    const db = getDb(c.env.DB);
    const enabled = await enableTwoFactor(db, c.env.JWT_SECRET, c.get("user").id, c.req.valid("json").code);
    return c.json(enabled satisfies TwoFactorEnabledResponse, 200);
  })
  .delete("/2fa", requireUser, requireRecentPassword, async (c) => {
    await disableTwoFactor(getDb(c.env.DB), c.get("user").id);
    return c.json(message(TWO_FACTOR_MESSAGES.disabled), 200);
  })
  .delete("/", requireUser, validate("json", deleteAccountSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    // The password, not only a session: a stolen session cannot delete the account.
    await limitPasswordChanges(c.env, c.get("user").id);
    await assertPassword(getDb(c.env.DB), c.get("user").id, password);
    await deleteAccount(c.env, c.get("user").id, email);
    clearAuthCookies(c);
    return c.json(message(ACCOUNT_MESSAGES.accountDeleted), 200);
  });
