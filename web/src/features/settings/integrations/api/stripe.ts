import type { ConnectStripeResponse, DeletedResponse, StripeStatusResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The workspace's Stripe connection: its endpoint URL, since when it is connected, the last event. */
export async function getStripeStatus(signal?: AbortSignal): Promise<StripeStatusResponse["stripe"]> {
  return (await apiFetch<StripeStatusResponse>("/api/integrations/stripe", { signal })).stripe;
}

/** Stores the signing secret; answers the endpoint URL to add in Stripe. */
export function connectStripe(signingSecret: string): Promise<ConnectStripeResponse> {
  return apiFetch<ConnectStripeResponse>("/api/integrations/stripe", {
    method: "PUT",
    body: { signingSecret },
  });
}

export function disconnectStripe(): Promise<DeletedResponse> {
  return apiFetch<DeletedResponse>("/api/integrations/stripe", { method: "DELETE" });
}
