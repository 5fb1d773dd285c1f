// Success toasts, word for word from the specification.
export const AUTH_SUCCESS_MESSAGES = {
  loggedIn: "Logged in successfully",
  signedUp: "Account created successfully. Please check your email to verify your account.",
  loggedOut: "Logged out successfully",
} as const;
