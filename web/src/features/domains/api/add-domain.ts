import type { AddDomainInput, CustomDomain, DomainResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Registers a domain for the signed-in user; it starts unverified. */
export async function addDomain(input: AddDomainInput): Promise<CustomDomain> {
  const { domain } = await apiFetch<DomainResponse>("/api/domains", { method: "POST", body: input });
  return domain;
}
