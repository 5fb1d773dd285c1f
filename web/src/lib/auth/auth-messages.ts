// Success toasts, word for word from the specification.
export const AUTH_SUCCESS_MESSAGES = {
  loggedIn: "Logged in successfully",
  signedUp: "Account created successfully. Please check your email to verify your account.",
  loggedOut: "Logged out successfully",
} as const;

/** Sign-up from an invitation's link, which proves the email: nothing to verify (SplitLink's own words). */
export const SIGNED_UP_VERIFIED_MESSAGE = "Account created successfully. Your email is verified.";
