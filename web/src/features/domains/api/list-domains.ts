import type { CustomDomain, DomainListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The signed-in user's custom domains, newest first. */
export async function listDomains(signal?: AbortSignal): Promise<CustomDomain[]> {
  const { domains } = await apiFetch<DomainListResponse>("/api/domains", { signal });
  return domains;
}
