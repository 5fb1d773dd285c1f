import type { CustomDomain, DomainResponse, UpdateDomainInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Sets or clears the domain's fallback URL (where its root and unknown paths go); answers the domain. */
export async function updateDomain(id: string, input: UpdateDomainInput): Promise<CustomDomain> {
  const { domain } = await apiFetch<DomainResponse>(`/api/domains/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: input,
  });
  return domain;
}
