import * as z from "zod";
import { AUTH_MESSAGES } from "../messages";

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

/** POST /api/auth/reauth: the password again, before a sensitive action (403 `reauth_required`). */
export const reauthSchema = z.object({ password: passwordField }, { error: required });
export type ReauthInput = z.input<typeof reauthSchema>;

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  const user = z.object({ id: z.string(), email: z.string() });
  return {
    user,
    /** Answer of signup, login, refresh and me. Tokens travel only in HttpOnly cookies. */
    authResponse: z.object({
      user,
      /** Whether the user followed a verification (or reset) link sent to their email. */
      emailVerified: z.boolean(),
      /** When the access token expires, in milliseconds since the epoch. */
      expiresAt: z.number(),
    }),
    /** POST /api/auth/reauth: until when sensitive actions need no password again. */
    reauth: z.object({ recentUntil: z.number() }),
  };
}
type Answers = ReturnType<typeof answers>;
export type User = z.output<Answers["user"]>;
export type AuthResponse = z.output<Answers["authResponse"]>;
export type ReauthResponse = z.output<Answers["reauth"]>;
