import { describe, expect, it } from "vitest";
import { WEBHOOK_MESSAGES } from "../../contract/messages";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from "../../contract/webhooks";
import webhooksDoc from "../../docs/webhooks.md?raw";

// The webhook retry schedule is one list in the code (contract/webhooks.ts) and one sentence in the docs
// (docs/webhooks.md, "Retries"); everything else links to one or derives its words from the other.
describe("the webhook retry schedule", () => {
  it("is what docs/webhooks.md says, in its words", () => {
    const delays = WEBHOOK_RETRY_DELAYS_SECONDS.map((seconds) =>
      seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`,
    );
    const sentence = `retried after ${delays.slice(0, -1).join(", ")} and ${delays.at(-1)} (${WEBHOOK_MAX_ATTEMPTS} attempts over ${WEBHOOK_MESSAGES.retryPeriod},`;
    expect(webhooksDoc.replace(/\s+/g, " ")).toContain(sentence);
  });

  it("is worded in the app's texts from the same list", () => {
    expect(WEBHOOK_MESSAGES.retrySchedule).toContain(`(${WEBHOOK_MAX_ATTEMPTS} attempts over about`);
    expect(WEBHOOK_MESSAGES.retrySchedule.split(/, | and /)).toHaveLength(
      WEBHOOK_RETRY_DELAYS_SECONDS.length,
    );
  });
});
