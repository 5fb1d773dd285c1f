import { describe, expect, it } from "vitest";
import { shopifyPixel } from "@/features/settings/integrations/shopify-pixel";
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
  });
});
