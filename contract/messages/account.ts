import type { ApiKeyRevocationReason } from "../workspaces";

// Not in the specification: email verification, password reset and account settings.
export const ACCOUNT_MESSAGES = {
  // Email verification
  verifyBanner: (email: string) => `Please verify your email address: we sent a link to ${email}.`,
  verificationSent: "Verification email sent. Please check your inbox.",
  emailVerified: "Your email address is verified.",
  alreadyVerified: "Your email address is already verified.",
  // A verification link opened in a browser that neither signed up nor is signed in to the account.
  logInToVerify: "Log in to finish verifying your email address.",
  verifyToAddDomains: "Please verify your email address before adding a custom domain.",
  // Links from emails (Supabase's wording for a bad or old link)
  invalidLink: "Email link is invalid or has expired",
  // Password reset
  resetRequested:
    "If an account exists for that email, we have sent a link to reset your password. It is valid for 1 hour.",
  passwordReset: "Your password has been reset and your API keys revoked. You are now logged in.",
  // Said on the reset page and in the reset email: a reset ends whatever access someone else had.
  resetRevokes:
    "Setting a new password signs out every other session and revokes all your API keys. Create new keys in Settings afterwards.",
  // Account settings
  currentPasswordWrong: "Your current password is not correct.",
  samePassword: "Your new password must be different from your current password.",
  passwordChanged: "Password changed. Your other sessions have been signed out.",
  confirmEmailMismatch: "Type your email address exactly to confirm.",
  passwordToDelete: "Enter your password to delete your account.",
  revokeKeysOnChange: "Also revoke all my API keys (do this if someone else may have used your account)",
  keysRevokedTitle: "API keys revoked",
  // What a revoked key stopped: said on the reset page, after a password change, and on the keys card.
  keysRevokedEffect:
    "Anything that used these keys stops working now: server-side conversions sent with them are refused and no longer counted. Create new keys in Settings and put them where the old ones were.",
  lastOwnerOfWorkspace:
    "You are the last owner of a workspace that has other members. Make another member an owner, or delete that workspace, then delete your account.",
  // Said in the deletion dialog before the email is typed: the rule the server applies (409 last_owner).
  deleteNeedsOwner:
    "If you are the last owner of a workspace that has other members, make another member an owner or delete that workspace first. Workspaces you share keep the tests you made there; other people's workspaces are not deleted.",
  accountDeleted: "Your account and all its data have been deleted.",
  deleteFailed: "Failed to delete your account",
  // Sending email
  mailRateLimited: "Too many emails requested. Please wait a minute and try again.",
  mailboxFull: "Too many emails were sent to this address today. Please try again tomorrow.",
  mailFailed: "We could not send the email. Please try again in a few minutes.",
} as const;

/** Two-factor sign-in: the API's answers (its screens' texts are TWO_FACTOR_SCREEN_MESSAGES). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Please enter the 6-digit code from your authenticator app, or a recovery code",
  codeWrong: "That code is not correct. Codes change every 30 seconds; a recovery code works once.",
  codeExpired: "Your sign-in took too long. Please log in again.",
  notSetUp: "Set up two-factor sign-in first, then enter a code from your app.",
  alreadyEnabled: "Two-factor sign-in is already on. Turn it off first to set it up again.",
  required:
    "This workspace requires two-factor sign-in. Turn it on in Settings, Account and security, to work in it.",
  ownerNeedsItFirst: "Turn on two-factor sign-in for yourself before you require it of the workspace.",
  disabled: "Two-factor sign-in is off.",
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: "Please enter a name for the key",
  nameTooLong: "Key name must be 100 characters or fewer",
  nameCharacters: "Key name cannot contain line breaks, control characters or text-direction characters",
  scopeInvalid: "Choose read or write for the key",
  notFound: "API key not found",
  missing: "Missing API key. Send it as 'Authorization: Bearer <key>'.",
  invalid: "Invalid API key. It may have been revoked.",
  rateLimited: "Too many requests with this API key. Please wait a minute and try again.",
  created: "API key created",
  createFailed: "Failed to create API key",
  revoked: "API key revoked",
  revokeFailed: "Failed to revoke API key",
  loadFailed: "Failed to load API keys",
  keyCopied: "API key copied to clipboard",
  revokedBecause: {
    password_reset: "revoked by a password reset",
    password_changed: "revoked by a password change",
    member_removed: "revoked when its maker was removed from the workspace",
    member_left: "revoked when its maker left the workspace",
    member_demoted: "revoked when its maker's role was lowered",
  } satisfies Record<ApiKeyRevocationReason, string>,
} as const;
