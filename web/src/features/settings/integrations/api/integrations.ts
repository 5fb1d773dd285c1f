import type { IntegrationListResponse, IntegrationResponse, IntegrationStatus } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The current workspace's integrations, each with its status. */
export async function listIntegrations(signal?: AbortSignal): Promise<IntegrationStatus[]> {
  return (await apiFetch<IntegrationListResponse>("/api/integrations", { signal })).integrations;
}

/** Switches the site tag's GA4 and Tag Manager report; answers the integration's status now. */
export async function setGa4(enabled: boolean): Promise<IntegrationStatus> {
  const body = { enabled };
  return (await apiFetch<IntegrationResponse>("/api/integrations/ga4", { method: "PUT", body })).integration;
}
