// The Settings › Integrations section's words for the integrations that live in the site tag, GA4 and
// Google Tag Manager, and Shopify's checkout pixel (issue #36; docs/integrations/ga4-gtm.md, shopify.md).
export const INTEGRATION_CARD_MESSAGES = {
  section: "Integrations",
  sectionDescription: "Connect the tools this workspace already uses.",
  ga4Title: "Google Analytics 4 and Tag Manager",
  ga4Description:
    "The site tag tells your page's own analytics which version each visitor saw: a GA4 experience_impression event and a splitlink_exposure dataLayer push for Tag Manager. SplitLink's servers send nothing to Google.",
  ga4Toggle: "Report each visitor's version to GA4 and Tag Manager",
  ga4On: (ago: string) => `On, switched on ${ago}`,
  ga4Off: "Off",
  ga4Enabled: "GA4 and Tag Manager report switched on",
  ga4Disabled: "GA4 and Tag Manager report switched off",
  ga4SaveFailed: "Failed to save the GA4 and Tag Manager setting",
  loadFailed: "Failed to load the integrations",
  gtmTemplate: "Using Tag Manager? Add the site tag with our template.",
  gtmTemplateLink: "Download the GTM template",
  shopifyTitle: "Shopify checkouts",
  shopifyDescription:
    "Count Shopify orders with their total: in Shopify, open Settings → Customer events, add a custom pixel, paste this code and connect it. Set each test's goal to a call.",
  shopifyCode: "Pixel code",
  shopifyCopy: "Copy pixel code",
  shopifyCopied: "Pixel code copied to clipboard",
  shopifyLoadFailed: "Failed to load the pixel code",
  viewerNote: "Only owners and editors can change integrations.",
} as const;
