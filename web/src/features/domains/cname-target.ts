import type { CustomDomain } from "@contract/api";

/** An example name for the CNAME instruction while the user has no domain waiting for its record. */
export const EXAMPLE_DOMAIN = "go.yourbrand.com";

/** The domain the CNAME instruction is written for: the newest one still waiting, else an example. */
export function cnameRecordName(domains: readonly CustomDomain[]): string {
  return domains.find((domain) => domain.status !== "active")?.domain ?? EXAMPLE_DOMAIN;
}

/** One line a DNS provider understands: `CNAME go.yourbrand.com fallback.splitlink.app`. */
export function cnameInstruction(name: string, target: string): string {
  return `CNAME ${name} ${target}`;
}
