import { describe, expect, it } from "vitest";
import { afterLoginPath, loginPathFor } from "@/lib/auth/after-login";

describe("where the login page goes afterwards", () => {
  it("comes back to a path of the app, such as an invitation's page", () => {
    expect(afterLoginPath("/invitations/abc_DEF-123")).toBe("/invitations/abc_DEF-123");
    expect(afterLoginPath(null)).toBe("/dashboard");
  });

  it("never to another site's address", () => {
    for (const next of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "evil",
      "",
    ])
      expect(afterLoginPath(next)).toBe("/dashboard");
  });

  it("the invitation page's links carry the way back", () => {
    const signup = new URL(loginPathFor("/invitations/abc", true), "https://app.example");
    expect(signup.pathname).toBe("/login");
    expect(signup.searchParams.get("tab")).toBe("signup");
    expect(afterLoginPath(signup.searchParams.get("next"))).toBe("/invitations/abc");
  });
});
