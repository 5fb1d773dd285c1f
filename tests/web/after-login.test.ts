import { describe, expect, it } from "vitest";
import { afterLoginPath, invitedSignUpPath, loginPathFor } from "@/lib/auth/after-login";

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

  it("the invitation page's links carry the way back; its sign-up carries the invited email and the token", () => {
    const login = new URL(loginPathFor("/invitations/abc"), "https://app.example");
    expect(login.pathname).toBe("/login");
    expect(afterLoginPath(login.searchParams.get("next"))).toBe("/invitations/abc");
    const invitation = { token: "abc", email: "ana+shop@example.com" };
    const signup = new URL(invitedSignUpPath("/invitations/abc", invitation), "https://app.example");
    expect(signup.pathname).toBe("/login");
    expect(signup.searchParams.get("tab")).toBe("signup");
    expect(afterLoginPath(signup.searchParams.get("next"))).toBe("/invitations/abc");
    expect(signup.searchParams.get("invitation")).toBe("abc");
    expect(signup.searchParams.get("email")).toBe("ana+shop@example.com");
  });
});
