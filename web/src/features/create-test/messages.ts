import type { ConversionSources } from "@contract/trust";

// The create form's conversion sources (only the app shows them).

/** Which conversions a test counts, on the create form. */
export const CONVERSION_SOURCE_MESSAGES = {
  label: "Count conversions from",
  options: {
    all: "The tag and your server",
    server: "Your server only (API key)",
  } satisfies Record<ConversionSources, string>,
  hint: "Your server's conversions need your API key: nobody outside can add one.",
  recommended:
    "Recommended here: this test acts on its own result, and anyone can send the tag's conversions from a browser.",
} as const;
