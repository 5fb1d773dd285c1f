import { DOMAIN_MESSAGES } from "@contract/messages";
import { MAX_URL_LENGTH } from "@contract/urls";
import { describe, expect, it } from "vitest";
import { cnameInstruction, cnameRecordName, EXAMPLE_DOMAIN } from "@/features/domains/cname-target";
import { domainProblem, fallbackUrlProblem } from "@/features/domains/domain-format";
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

  it("takes an http(s) fallback URL up to the API's cap, or none; else says the API's words at the field", () => {
    expect(fallbackUrlProblem("")).toBeNull();
    expect(fallbackUrlProblem("  ")).toBeNull();
    expect(fallbackUrlProblem("https://www.acme.com/")).toBeNull();
    expect(fallbackUrlProblem("https://not a url")).toBe(DOMAIN_MESSAGES.fallbackUrl);
    expect(fallbackUrlProblem("ftp://acme.com/")).toBe(DOMAIN_MESSAGES.fallbackUrl);
    const at = (length: number) => "https://www.acme.com/?q=".padEnd(length, "x");
    expect(fallbackUrlProblem(at(MAX_URL_LENGTH))).toBeNull();
    expect(fallbackUrlProblem(at(MAX_URL_LENGTH + 1))).toBe(DOMAIN_MESSAGES.fallbackUrl);
  });
});
