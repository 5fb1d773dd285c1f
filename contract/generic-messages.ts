// Texts for any request: the SPA loads them with its entry, the other messages with its pages.
export const GENERIC_MESSAGES = {
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
  invalidInput: "Invalid input",
  tooLarge: "The request is too large",
  // Not in the specification: a deployment missing a secret or a setting answers this, nothing more.
  misconfigured:
    "SplitLink is misconfigured, so it cannot answer right now. Its operators can see why in the logs.",
} as const;
