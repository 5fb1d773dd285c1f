import { WEBHOOK_MESSAGES } from "../../contract/messages";
import type { WebhookMessage } from "./events";
import { SIGNATURE_HEADER, webhookSignature } from "./signature";
import { webhookUrlProblem } from "./url-policy";

/** How long one attempt waits for an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = "SplitLink-Webhooks/1";

export interface AttemptOutcome {
  /** A 2xx answer. */
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  /**
   * Not to be retried: the URL broke the address rules (not sent), or Slack said its webhook is gone
   * (worker/integrations/slack/deliver.ts). A retry would fail the same way.
   */
  refused: boolean;
  durationMs: number;
  attemptedAt: number;
}

export interface AttemptOptions {
  /** Development allows http://localhost and private addresses (worker/webhooks/url-policy.ts). */
  development: boolean;
  timeoutMs?: number;
}

/**
 * One signed POST of the event to the endpoint. The URL is checked again right before sending, so an
 * endpoint never reaches a private address whatever was stored. Redirects are not followed (a 3xx
 * counts as a failure): a public URL cannot bounce the request into a private network.
 */
export async function attemptDelivery(
  endpoint: { url: string; secret: string },
  message: Pick<WebhookMessage, "eventId" | "type" | "body">,
  { development, timeoutMs = WEBHOOK_TIMEOUT_MS }: AttemptOptions,
): Promise<AttemptOutcome> {
  const attemptedAt = Date.now();
  const failed = (error: string, refused = false): AttemptOutcome => ({
    delivered: false,
    statusCode: null,
    error,
    refused,
    durationMs: Date.now() - attemptedAt,
    attemptedAt,
  });
  if (webhookUrlProblem(endpoint.url, development)) return failed(WEBHOOK_MESSAGES.refusedAddress, true);

  const signature = await webhookSignature(endpoint.secret, message.body, Math.floor(attemptedAt / 1000));
  try {
    const response = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": WEBHOOK_USER_AGENT,
        [SIGNATURE_HEADER]: signature,
        "SplitLink-Event-Id": message.eventId,
        "SplitLink-Event-Type": message.type,
      },
      body: message.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Only the status matters: the body is not read.
    await response.body?.cancel();
    return {
      delivered: response.status >= 200 && response.status < 300,
      statusCode: response.status,
      error: null,
      refused: false,
      durationMs: Date.now() - attemptedAt,
      attemptedAt,
    };
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError")
      return failed(WEBHOOK_MESSAGES.timedOut(timeoutMs / 1000));
    return failed(WEBHOOK_MESSAGES.networkError(error instanceof Error ? error.message : String(error)));
  }
}
