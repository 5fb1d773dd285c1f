// Texts the API returns and the SPA shows, word for word from the specification where it has them.
export const AUTH_MESSAGES = {
  missingCredentials: "You must provide either an email or phone number and a password",
  invalidEmail: "Unable to validate email address: invalid format",
  invalidCredentials: "Invalid login credentials",
  emailTaken: "User already registered",
  weakPassword: "Password is too weak",
  sessionMissing: "Auth session missing!",
  invalidRefreshToken: "Invalid Refresh Token: Refresh Token Not Found",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;

export const GENERIC_MESSAGES = {
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
  invalidInput: "Invalid input",
} as const;
