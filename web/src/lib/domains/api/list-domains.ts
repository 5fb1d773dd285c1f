import type { CustomDomain, DomainListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The signed-in user's custom domains, newest first, and the host their CNAME records point at. */
export async function getDomainList(signal?: AbortSignal): Promise<DomainListResponse> {
  return apiFetch<DomainListResponse>("/api/domains", { signal });
}

/** The signed-in user's custom domains, newest first. */
export async function listDomains(signal?: AbortSignal): Promise<CustomDomain[]> {
  const { domains } = await getDomainList(signal);
  return domains;
}
