export const AUTH_MESSAGES = {
  missingCredentials: "You must provide either an email or phone number and a password",
  invalidEmail: "Unable to validate email address: invalid format",
  invalidCredentials: "Invalid login credentials",
  emailTaken: "User already registered",
  weakPassword: "Password is too weak",
  sessionMissing: "Auth session missing!",
  invalidRefreshToken: "Invalid Refresh Token: Refresh Token Not Found",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  reauthRequired: "Please enter your password again to do this.",
  reauthTitle: "Confirm it is you",
  reauthIntro: "Enter your password to continue. You will not be asked again for 10 minutes.",
  reauthButton: "Confirm",
} as const;
