// A text only the app shows, beside its screens (contract/messages holds what the API says too).
import type { WebhookEventType } from "@contract/webhooks";

/** What each webhook event means, for the event checkboxes and the docs. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "test.verdict": "A test reached a verdict",
  "test.completed": "A test completed (at its scheduled end, or stopped early)",
  "test.srm_detected": "A test's visitor split is far from its weights (sample-ratio mismatch)",
  "conversion.recorded": "A conversion was counted",
};
