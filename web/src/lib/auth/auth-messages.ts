// Success toasts, word for word from the specification.
export const AUTH_SUCCESS_MESSAGES = {
  loggedIn: "Logged in successfully",
  signedUp: "Account created successfully. Please check your email to verify your account.",
  loggedOut: "Logged out successfully",
} as const;

/** Sign-up from an invitation's link, which proves the email: nothing to verify (SplitLink's own words). */
export const SIGNED_UP_VERIFIED_MESSAGE = "Account created successfully. Your email is verified.";

/** After sign-up: the same words whether or not the email already had an account (its mailbox says which). */
export const CHECK_EMAIL_MESSAGES = {
  heading: "Check your email",
  sentTo: (email: string) => `We sent a link to ${email}. Open it to finish signing up: it signs you in.`,
  notThere:
    "Nothing after a few minutes? Look in your spam folder, or sign up again for a new link. Already have an account? The email says so.",
  back: "Use another email",
} as const;
