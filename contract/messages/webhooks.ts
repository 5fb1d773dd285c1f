import { MAX_URL_LENGTH } from "../urls";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from "../webhooks";

/** A retry's wait in words: "1 minute", "12 hours". */
function retryDelayInWords(seconds: number): string {
  const [count, unit] = seconds < 3600 ? [seconds / 60, "minute"] : [seconds / 3600, "hour"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

const RETRY_DELAYS_IN_WORDS = WEBHOOK_RETRY_DELAYS_SECONDS.map(retryDelayInWords);

const RETRY_HOURS = Math.round(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0) / 3600);

export const WEBHOOK_MESSAGES = {
  urlRequired: "Please enter the URL of your endpoint",
  urlInvalid: "Please enter a valid URL, like https://example.com/webhooks",
  urlTooLong: `The URL must be ${MAX_URL_LENGTH.toLocaleString("en-US")} characters or fewer`,
  urlNotHttps: "The URL must start with https:// (http:// works only for localhost while developing)",
  urlPrivate:
    "This URL points to a private or local address, which SplitLink does not send to. Use a public https URL.",
  eventsRequired: "Choose at least one event",
  eventUnknown:
    "Choose events from the list: test.verdict, test.completed, test.srm_detected, conversion.recorded",
  notFound: "Webhook endpoint not found",
  // Written to the delivery log instead of a status code.
  refusedAddress: "Not sent: the URL points to a private or local address",
  timedOut: (seconds: number) => `No answer within ${seconds} seconds`,
  networkError: (message: string) => `Could not connect: ${message}`,
  // Settings
  created: "Webhook endpoint added",
  createFailed: "Failed to add the webhook endpoint",
  deleted: "Webhook endpoint deleted",
  deleteFailed: "Failed to delete the webhook endpoint",
  loadFailed: "Failed to load webhook endpoints",
  deliveriesLoadFailed: "Failed to load the delivery log",
  secretCopied: "Signing secret copied to clipboard",
  testDelivered: (status: number) => `Test event delivered: your endpoint answered ${status}.`,
  testRefused: (detail: string) => `Test event not delivered: ${detail}`,
  testFailed: "Failed to send the test event",
  testRateLimited: "Too many test events. Please wait a minute and try again.",
  testWhileDisabled:
    "This endpoint is turned off, so no test event is sent to it. An owner can turn it back on first.",
  failingNotice:
    "Deliveries to this endpoint failed for more than a day and were given up. They resume as soon as it answers with a 2xx status.",
  // The retry schedule in words, from WEBHOOK_RETRY_DELAYS_SECONDS: how long, and "after …, … and …
  // (n attempts over about h hours)", for the API docs page, Settings and the OpenAPI document.
  retryPeriod: `about ${RETRY_HOURS} hours`,
  retrySchedule: `after ${RETRY_DELAYS_IN_WORDS.slice(0, -1).join(", ")} and ${RETRY_DELAYS_IN_WORDS.at(-1)} (${WEBHOOK_MAX_ATTEMPTS} attempts over about ${RETRY_HOURS} hours)`,
} as const;
