import { Hono } from "hono";
import * as z from "zod";
import type { AccountMessageResponse, AlertPreferencesResponse, AuthResponse } from "../../contract/api";
import { ACCOUNT_MESSAGES, ALERT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { emailField, passwordField } from "../auth/input";
import { clearAuthCookies, setAuthCookies } from "../auth/session-cookies";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { clientIpOf } from "../lib/client-ip";
import { emailOrigin } from "../lib/links";
import { requireUser } from "../middleware/require-user";
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
import { startSession } from "../services/auth";
import { limitMail, limitPasswordChanges, limitPasswordResets } from "../services/limits";
import { authResponse } from "./auth";

// Tokens are 32 random bytes in base64url; anything else cannot be one.
const tokenField = z
  .string({ error: ACCOUNT_MESSAGES.invalidLink })
  .regex(/^[\w-]{43}$/, ACCOUNT_MESSAGES.invalidLink);
const required = AUTH_MESSAGES.missingCredentials;

const tokenBody = z.object({ token: tokenField }, { error: ACCOUNT_MESSAGES.invalidLink });
const forgotBody = z.object({ email: emailField }, { error: required });
const resetBody = z.object({ token: tokenField, password: passwordField }, { error: required });
const changeBody = z.object(
  { currentPassword: passwordField, newPassword: passwordField },
  { error: required },
);
const deleteBody = z.object(
  {
    email: z
      .string({ error: ACCOUNT_MESSAGES.confirmEmailMismatch })
      .max(254, ACCOUNT_MESSAGES.confirmEmailMismatch),
  },
  { error: ACCOUNT_MESSAGES.confirmEmailMismatch },
);

const onOff = z.boolean({ error: ALERT_MESSAGES.invalid });
const alertsBody = z.object(
  { verdict: onOff, completed: onOff, srm: onOff },
  { error: ALERT_MESSAGES.invalid },
);

const message = (text: string): AccountMessageResponse => ({ message: text });

/** Email verification, password reset and the settings page's account actions. */
export const accountRoutes = new Hono<AppEnv>()
  .post("/verify-email", validate("json", tokenBody), async (c) => {
    await verifyEmail(getDb(c.env.DB), c.req.valid("json").token);
    return c.json(message(ACCOUNT_MESSAGES.emailVerified), 200);
  })
  .post("/verification-email", requireUser, async (c) => {
    const user = c.get("user");
    await limitMail(c.env, `verify:${user.id}`);
    await resendVerificationEmail(c.env, user.id, emailOrigin(c.req.url, c.env));
    return c.json(message(ACCOUNT_MESSAGES.verificationSent), 200);
  })
  .post("/forgot-password", validate("json", forgotBody), async (c) => {
    const { email } = c.req.valid("json");
    await limitPasswordResets(c.env, clientIpOf(c.req.raw.headers), email);
    requestPasswordReset(c.env, c.executionCtx, email, emailOrigin(c.req.url, c.env));
    return c.json(message(ACCOUNT_MESSAGES.resetRequested), 200);
  })
  .post("/reset-password", validate("json", resetBody), async (c) => {
    const { token, password } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const account = await resetPassword(db, token, password);
    const session = await startSession(db, c.env.JWT_SECRET, account);
    setAuthCookies(c, session);
    return c.json(authResponse(session) satisfies AuthResponse, 200);
  })
  .post("/password", requireUser, validate("json", changeBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    await limitPasswordChanges(c.env, c.get("user").id);
    await changePassword(getDb(c.env.DB), c.get("user").id, c.get("sessionId"), currentPassword, newPassword);
    return c.json(message(ACCOUNT_MESSAGES.passwordChanged), 200);
  })
  .get("/alerts", requireUser, async (c) => {
    const alerts = await alertPreferencesOf(getDb(c.env.DB), c.get("user").id);
    return c.json({ alerts } satisfies AlertPreferencesResponse, 200);
  })
  .put("/alerts", requireUser, validate("json", alertsBody), async (c) => {
    const alerts = await setAlertPreferences(getDb(c.env.DB), c.get("user").id, c.req.valid("json"));
    return c.json({ alerts } satisfies AlertPreferencesResponse, 200);
  })
  .delete("/", requireUser, validate("json", deleteBody), async (c) => {
    await deleteAccount(c.env, c.get("user").id, c.req.valid("json").email);
    clearAuthCookies(c);
    return c.json(message(ACCOUNT_MESSAGES.accountDeleted), 200);
  });
