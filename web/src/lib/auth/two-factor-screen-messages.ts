// A text only the app shows, beside its screens (contract/messages holds what the API says too).

/** Two-factor sign-in's screens (web only: the Worker bundle stays without them). */
export const TWO_FACTOR_SCREEN_MESSAGES = {
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.",
  // Settings, Account and security
  sectionTitle: "Two-factor sign-in",
  sectionOff: "Off. Add a code from an authenticator app to every sign-in.",
  sectionOn: "On. Every sign-in asks for a code from your authenticator app.",
  setUp: "Set up two-factor sign-in",
  scanIntro:
    "Scan this QR code with your authenticator app (or enter the key by hand), then enter the 6-digit code it shows.",
  keyLabel: "Key",
  turnOn: "Turn on",
  recoveryTitle: "Your recovery codes",
  recoveryIntro:
    "Each code signs you in once if you lose your phone. Save them now: they are not shown again.",
  recoveryDone: "I have saved them",
  turnOff: "Turn off",
  turnOffIntro:
    "Turning two-factor sign-in off asks for your password if you have not entered it in the last 10 minutes.",
  requiredTitle: "Two-factor sign-in required",
  // Settings, Workspace (an owner of a team workspace)
  requireTitle: "Two-factor sign-in for members",
  requireLabel: "Require two-factor sign-in",
  requireOn: "Every member signs in with a code from an authenticator app to work here.",
  requireOff: "Members may sign in with their password alone.",
  requireSaved: (on: boolean) =>
    on ? "Two-factor sign-in is now required here" : "Two-factor sign-in is no longer required here",
  requireOwnerOnly: "Only an owner can change this.",
  requireFailed: "That did not save. Please try again.",
  setItUp: "Set it up in Settings",
  // The login's code step
  codeStepTitle: "Enter your code",
  codeStepIntro:
    "Enter the 6-digit code from your authenticator app. No phone at hand? Enter one of your recovery codes.",
  codeLabel: "Code",
  verify: "Verify",
  verifying: "Verifying...",
  resetThenCode: "Your password is reset. Enter a code from your authenticator app to sign in.",
} as const;
