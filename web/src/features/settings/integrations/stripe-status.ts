import type { StripeStatusResponse } from "@contract/api";
import { STRIPE_MESSAGES } from "@contract/messages";
import { formatTimeAgo } from "@/lib/time";

/** The events to select for the endpoint in Stripe, in the order the docs list them. */
export const STRIPE_EVENTS = [
  "checkout.session.completed",
  "invoice.paid",
  "invoice_payment.paid",
  "charge.refunded",
] as const;

type StripeStatus = StripeStatusResponse["stripe"];

/** "Connected since 3 Nov 2026", or "Not connected". */
export function connectionLine(status: StripeStatus): string {
  if (!status.connected || status.connectedAt === null) return STRIPE_MESSAGES.statusNotConnected;
  const since = new Date(status.connectedAt).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return STRIPE_MESSAGES.statusConnected(since);
}

/** The last event received and what became of it, in words; null before the first one. */
export function lastEventLine(status: StripeStatus, now = Date.now()): string | null {
  const last = status.lastEvent;
  if (!last) return null;
  return STRIPE_MESSAGES.lastEvent(
    formatTimeAgo(Date.parse(last.at), now),
    last.type,
    STRIPE_MESSAGES.outcomes[last.outcome],
  );
}

/** What is wrong with the pasted secret before it is sent; the server checks the rest. */
export function secretProblem(secret: string): string | null {
  return secret.trim() === "" ? STRIPE_MESSAGES.secretRequired : null;
}
