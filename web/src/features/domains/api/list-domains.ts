import type { CustomDomain, DomainListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/**
 * The list answer as the Domains screen reads it. `fallbackOrigin` (the host custom domains CNAME to) is
 * read defensively: it is optional until the API sends it.
 */
export type DomainList = DomainListResponse & { fallbackOrigin?: string };

/** The signed-in user's custom domains, newest first, with the CNAME target when the API gives it. */
export async function getDomainList(signal?: AbortSignal): Promise<DomainList> {
  return apiFetch<DomainList>("/api/domains", { signal });
}

/** The signed-in user's custom domains, newest first. */
export async function listDomains(signal?: AbortSignal): Promise<CustomDomain[]> {
  const { domains } = await getDomainList(signal);
  return domains;
}
