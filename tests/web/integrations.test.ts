import type { StripeStatusResponse } from "@contract/api";
import { STRIPE_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { shopifyPixel } from "@/features/settings/integrations/shopify-pixel";
import {
  connectionLine,
  lastEventLine,
  STRIPE_EVENTS,
  secretProblem,
} from "@/features/settings/integrations/stripe-status";
import { detailsOf } from "@/lib/history/describe-event";
import pixelSource from "../../integrations/shopify/pixel.js?raw";

describe("the Shopify pixel in Settings", () => {
  it("is the file with the workspace's site key and this deployment's address, nothing else changed", () => {
    const pixel = shopifyPixel(pixelSource, "0123456789abcdef01234567", "https://ab.example.com");
    expect(pixel).toContain('const SITE_KEY = "0123456789abcdef01234567";');
    expect(pixel).toContain('const SPLITLINK_ORIGIN = "https://ab.example.com";');
    expect(pixel).not.toContain("YOUR_SITE_KEY");
    expect(pixel).not.toContain('"https://splitlink.app"');
    expect(pixel.split("\n")).toHaveLength(pixelSource.split("\n").length);
  });
});

describe("an integration's change in the history", () => {
  it("names the integration", () => {
    expect(detailsOf({ action: "integration.connected", details: { kind: "ga4" } })).toBe(
      "GA4 and Tag Manager",
    );
    expect(detailsOf({ action: "integration.disconnected", details: { kind: "stripe" } })).toBe("Stripe");
    expect(detailsOf({ action: "integration.connected", details: {} })).toBe("");
    expect(
      detailsOf({
        action: "integration.connected",
        details: { kind: "slack", url: "hooks.slack.com/services/T012…/B045…/••••" },
      }),
    ).toBe("Slack · hooks.slack.com/services/T012…/B045…/••••");
  });
});

// The Stripe card's words (web/src/features/settings/integrations/stripe-status.ts).

type Stripe = StripeStatusResponse["stripe"];

const NOT_CONNECTED: Stripe = {
  connected: false,
  endpointUrl: "https://splitlink.app/integrations/stripe/abc",
  connectedAt: null,
  secretRetired: false,
  lastEvent: null,
  unlinkedInvoicePayments: 0,
};

describe("the Stripe card's status", () => {
  it("names the event to select for one unlinked subscription payment or several", () => {
    expect(STRIPE_MESSAGES.unlinkedInvoicePayments(1)).toBe(
      "A subscription payment has no invoice_payment.paid from Stripe after an hour, so a refund of it cannot be taken off. Select invoice_payment.paid for this endpoint in Stripe.",
    );
    expect(STRIPE_MESSAGES.unlinkedInvoicePayments(3)).toMatch(
      /^3 subscription payments have no invoice_payment\.paid .* a refund of them cannot be taken off\./,
    );
  });

  it("says not connected, then connected since the local day it was connected", () => {
    expect(connectionLine(NOT_CONNECTED)).toBe(STRIPE_MESSAGES.statusNotConnected);
    // 04:00 UTC on the 3rd is still the 2nd in the tests' time zone (UTC−9:30).
    const connected = { ...NOT_CONNECTED, connected: true, connectedAt: "2026-11-03T04:00:00.000Z" };
    expect(connectionLine(connected)).toBe(STRIPE_MESSAGES.statusConnected("2 Nov 2026"));
  });

  it("names the last event, when it came and what became of it", () => {
    expect(lastEventLine(NOT_CONNECTED)).toBeNull();
    const now = Date.parse("2026-11-25T12:00:00.000Z");
    const line = lastEventLine(
      {
        ...NOT_CONNECTED,
        connected: true,
        connectedAt: "2026-11-20T12:00:00.000Z",
        lastEvent: {
          at: "2026-11-25T09:00:00.000Z",
          type: "checkout.session.completed",
          outcome: "not_attributed",
        },
      },
      now,
    );
    expect(line).toBe(
      STRIPE_MESSAGES.lastEvent(
        "3 hours ago",
        "checkout.session.completed",
        STRIPE_MESSAGES.outcomes.not_attributed,
      ),
    );
    expect(line).toContain("not attributed");
  });

  it("asks for a secret before sending an empty one, and lists the three events to select in Stripe", () => {
    expect(secretProblem("   ")).toBe(STRIPE_MESSAGES.secretRequired);
    expect(secretProblem("whsec_abc")).toBeNull();
    expect(STRIPE_EVENTS).toEqual([
      "checkout.session.completed",
      "invoice.paid",
      "invoice_payment.paid",
      "charge.refunded",
    ]);
  });
});
