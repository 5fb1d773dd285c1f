import * as z from "zod";
import { AUTH_MESSAGES } from "../../contract/messages";

// The fields of every auth form, checked the same way wherever they arrive.
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
