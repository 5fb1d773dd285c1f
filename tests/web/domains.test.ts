import { DOMAIN_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { cnameInstruction, cnameRecordName, EXAMPLE_DOMAIN } from "@/features/domains/cname-target";
import { domainProblem } from "@/features/domains/domain-format";
import { domainStatusView, isDomainVerified } from "@/features/domains/domain-status";

describe("a custom domain", () => {
  const domain = (name: string, status: "new" | "pending_validation" | "active" | "error") =>
    ({ domain: name, status }) as Parameters<typeof isDomainVerified>[0];

  it("is verified only when active", () => {
    expect(domainStatusView("active")).toMatchObject({ label: "Verified", variant: "success" });
    expect(isDomainVerified(domain("go.acme.com", "active"))).toBe(true);
    for (const status of ["new", "pending_validation", "error"] as const) {
      expect(domainStatusView(status).label).toBe("Pending Verification");
      expect(isDomainVerified(domain("go.acme.com", status))).toBe(false);
    }
    expect(domainStatusView("error").variant).toBe("destructive");
  });

  it("gets its CNAME instruction for the first one still waiting, else for an example", () => {
    expect(
      cnameRecordName([domain("a.acme.com", "active"), domain("b.acme.com", "pending_validation")]),
    ).toBe("b.acme.com");
    expect(cnameRecordName([domain("a.acme.com", "active")])).toBe(EXAMPLE_DOMAIN);
    expect(cnameInstruction("go.acme.com", "fallback.splitlink.app")).toBe(
      "CNAME go.acme.com fallback.splitlink.app",
    );
  });

  it("must be typed, and be a domain name", () => {
    expect(domainProblem("")).toBe(DOMAIN_MESSAGES.empty);
    expect(domainProblem("not a domain")).toBe(DOMAIN_MESSAGES.invalidFormat);
    expect(domainProblem("go.acme.com")).toBeNull();
  });
});
