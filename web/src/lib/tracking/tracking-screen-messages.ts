// A text only the app shows, beside its screens (contract/messages holds what the API says too).

/** The site tag's and the setup checklist's screens: the test page, Settings' site tag and Shopify card. */
export const TRACKING_SCREEN_MESSAGES = {
  siteTagLoadFailed: "Failed to load the site tag",
  setupLoadFailed: "Failed to load the setup checklist",
} as const;
