import { describe, expect, it } from "vitest";
import { customPathLabel, previewUrl } from "@/lib/split-tests/link-paths";

describe("a test's link paths on screen", () => {
  it("spells a custom path as its link does: /r/{path} on the default domain, /{path} on a custom one", () => {
    expect(customPathLabel({ customSlug: "spring-sale", customDomainId: null })).toBe("/r/spring-sale");
    expect(customPathLabel({ customSlug: "summer", customDomainId: "d1" })).toBe("/summer");
    expect(customPathLabel({ customSlug: null, customDomainId: "d1" })).toBeNull();
  });

  it("previews a version through the split link, on either domain", () => {
    expect(previewUrl("https://splitlink.app/r/spring-sale", "B")).toBe(
      "https://splitlink.app/r/spring-sale?preview=B",
    );
    expect(previewUrl("https://go.acme.io/summer", "C")).toBe("https://go.acme.io/summer?preview=C");
  });
});
