import * as z from "zod";
import { ACCOUNT_MESSAGES, ALERT_MESSAGES, AUTH_MESSAGES } from "../messages";
import { emailField, passwordField } from "./auth";

// Email verification, password reset and the settings page's account actions.

// Tokens are 32 random bytes in base64url; anything else cannot be one.
const tokenField = z
  .string({ error: ACCOUNT_MESSAGES.invalidLink })
  .regex(/^[\w-]{43}$/, ACCOUNT_MESSAGES.invalidLink);
const required = AUTH_MESSAGES.missingCredentials;

/** POST /api/account/verify-email */
export const verifyEmailSchema = z.object({ token: tokenField }, { error: ACCOUNT_MESSAGES.invalidLink });
/** POST /api/account/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailField }, { error: required });

/** POST /api/account/reset-password */
export const resetPasswordSchema = z.object(
  { token: tokenField, password: passwordField },
  { error: required },
);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/account/password */
export const changePasswordSchema = z.object(
  {
    currentPassword: passwordField,
    newPassword: passwordField,
    /** Also revoke every API key of the user's (off by default): for a session that may have been stolen. */
    revokeApiKeys: z.boolean({ error: required }).default(false),
  },
  { error: required },
);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** DELETE /api/account: the account's email, typed again to confirm, and its password (a session alone is not enough). */
export const deleteAccountSchema = z.object(
  {
    email: z
      .string({ error: ACCOUNT_MESSAGES.confirmEmailMismatch })
      .max(254, ACCOUNT_MESSAGES.confirmEmailMismatch),
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordToDelete })
      .min(1, ACCOUNT_MESSAGES.passwordToDelete)
      .max(256, ACCOUNT_MESSAGES.passwordToDelete),
  },
  { error: ACCOUNT_MESSAGES.confirmEmailMismatch },
);
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

const onOff = z.boolean({ error: ALERT_MESSAGES.invalid });
/** The alert emails a user gets; GET and PUT /api/account/alerts. */
export const alertPreferencesSchema = z.object(
  {
    /** A test's verdict names a winner. */
    verdict: onOff,
    /** A test ended on its own (what it did and why). */
    completed: onOff,
    /** A test's visitor split does not match its weights (sample-ratio mismatch). */
    srm: onOff,
  },
  { error: ALERT_MESSAGES.invalid },
);
export type AlertPreferences = z.output<typeof alertPreferencesSchema>;

function revokedKey() {
  return z.object({ name: z.string(), prefix: z.string(), workspaceName: z.string() });
}

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  return {
    /** GET and PUT /api/account/alerts */
    alerts: z.object({ alerts: alertPreferencesSchema }),
    /** Answers of account actions that change no session: a message to show. */
    message: z.object({ message: z.string() }),
    /** An API key a password reset or change revoked, with the workspace it was in. */
    revokedKey: revokedKey(),
    /** POST /api/account/password: the message, and the keys revoked when the change chose so. */
    passwordChanged: z.object({ message: z.string(), revokedApiKeys: z.array(revokedKey()) }),
    /** POST /api/account/reset-password: signed in, and the keys the reset revoked. */
    passwordReset: z.object({
      user: z.object({ id: z.string(), email: z.string() }),
      emailVerified: z.boolean(),
      expiresAt: z.number(),
      revokedApiKeys: z.array(revokedKey()),
    }),
  };
}
type Answers = ReturnType<typeof answers>;
export type AlertPreferencesResponse = z.output<Answers["alerts"]>;
export type AccountMessageResponse = z.output<Answers["message"]>;
export type RevokedKeyOfAccount = z.output<Answers["revokedKey"]>;
export type PasswordChangedResponse = z.output<Answers["passwordChanged"]>;
export type PasswordResetResponse = z.output<Answers["passwordReset"]>;
