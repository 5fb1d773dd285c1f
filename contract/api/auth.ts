import * as z from "zod";
import { AUTH_MESSAGES, MEMBER_MESSAGES, TWO_FACTOR_MESSAGES } from "../messages";
import { currencyCode } from "./common";

// Signing up, logging in and the session: the fields of every auth form, checked the same way wherever
// they arrive.
const required = AUTH_MESSAGES.missingCredentials;

export const emailField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254, AUTH_MESSAGES.invalidEmail)
  .toLowerCase()
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

export const passwordField = z
  .string({ error: required })
  .min(1, required)
  .max(256, AUTH_MESSAGES.weakPassword);

/** POST /api/auth/signup and /login. A body that is not an object at all gets the missing fields' message. */
export const credentialsSchema = z.object(
  { email: emailField, password: passwordField },
  { error: required },
);
export type Credentials = z.input<typeof credentialsSchema>;

/**
 * POST /api/auth/signup: the credentials, the currency the app chose from the browser's locale for
 * the new workspace (optional; changed in Settings), and the token of the invitation whose page the
 * sign-up came from (optional: when it invites this email, the email counts as verified).
 */
export const signUpSchema = credentialsSchema.extend({
  currency: currencyCode.optional(),
  invitationToken: z
    .string({ error: MEMBER_MESSAGES.invitationUnknown })
    .max(100, MEMBER_MESSAGES.invitationUnknown)
    .optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** POST /api/auth/reauth: the password again, before a sensitive action (403 `reauth_required`). */
export const reauthSchema = z.object({ password: passwordField }, { error: required });
export type ReauthInput = z.input<typeof reauthSchema>;
/** POST /api/auth/2fa, POST /api/account/2fa/enable: a code of the authenticator app, or a recovery code. */
export const twoFactorCodeSchema = z.object(
  {
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
      .trim()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .max(32, TWO_FACTOR_MESSAGES.codeWrong),
  },
  { error: TWO_FACTOR_MESSAGES.codeRequired },
);
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  const user = z.object({ id: z.string(), email: z.string() });
  /** Answer of signup, login, refresh and me. Tokens travel only in HttpOnly cookies. */
  const authResponse = z.object({
    user,
    /** Whether the user followed a verification (or reset) link sent to their email. */
    emailVerified: z.boolean(),
    /** When the access token expires, in milliseconds since the epoch. */
    expiresAt: z.number(),
  });
  return {
    user,
    authResponse,
    /**
     * POST /api/auth/signup (202) without an invitation to the email: the same answer whether or not the
     * email has an account, and no session; the mailbox gets the link that finishes sign-up, or word that
     * it already has an account.
     */
    checkEmail: z.object({ checkEmail: z.literal(true) }),
    /**
     * POST /api/account/verify-email: the link proves the mailbox, so it signs its user in (`session`) in
     * the browser that signed up, unless their sign-in asks for a code (null: they log in with it); in a
     * browser signed in to the account it verifies (null); elsewhere 401 log_in_to_verify.
     */
    emailVerified: z.object({ message: z.string(), session: authResponse.nullable() }),
    /** POST /api/auth/reauth: until when sensitive actions need no password again. */
    reauth: z.object({ recentUntil: z.number() }),
    /** Login (and a password reset) of a user with two-factor sign-in: no session until POST /api/auth/2fa. */
    twoFactorChallenge: z.object({ twoFactorRequired: z.literal(true) }),
    /** GET /api/account/2fa: whether the user's sign-in asks for a code. */
    twoFactorStatus: z.object({ enabled: z.boolean() }),
    /** POST /api/account/2fa/setup: the secret for an authenticator app, as text and as an otpauth:// URL (the QR code). */
    twoFactorSetup: z.object({ secret: z.string(), otpauthUrl: z.string() }),
    /** POST /api/account/2fa/enable: ten single-use recovery codes, shown this once. */
    twoFactorEnabled: z.object({ recoveryCodes: z.array(z.string()) }),
  };
}
type Answers = ReturnType<typeof answers>;
export type User = z.output<Answers["user"]>;
export type AuthResponse = z.output<Answers["authResponse"]>;
export type CheckEmailResponse = z.output<Answers["checkEmail"]>;
export type EmailVerifiedResponse = z.output<Answers["emailVerified"]>;
export type ReauthResponse = z.output<Answers["reauth"]>;
export type TwoFactorChallengeResponse = z.output<Answers["twoFactorChallenge"]>;
export type TwoFactorStatusResponse = z.output<Answers["twoFactorStatus"]>;
export type TwoFactorSetupResponse = z.output<Answers["twoFactorSetup"]>;
export type TwoFactorEnabledResponse = z.output<Answers["twoFactorEnabled"]>;
