import type { CreatedWebhookResponse, CreateWebhookInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** A new endpoint; the answer is the only time its signing secret is shown. */
export function createWebhook(input: CreateWebhookInput): Promise<CreatedWebhookResponse> {
  return apiFetch<CreatedWebhookResponse>("/api/webhooks", { method: "POST", body: input });
}
