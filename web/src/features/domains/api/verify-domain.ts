import type { VerifyDomainResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Re-checks the domain's DNS and certificate; the answer carries the domain as it now stands. */
export async function verifyDomain(id: string): Promise<VerifyDomainResponse> {
  return apiFetch<VerifyDomainResponse>(`/api/domains/${encodeURIComponent(id)}/verify`, { method: "POST" });
}
