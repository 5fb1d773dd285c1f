import type { CreateApiKeyInput, CreatedApiKeyResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** A new key; the answer is the only time the full key is ever shown. */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKeyResponse> {
  return apiFetch<CreatedApiKeyResponse>("/api/keys", { method: "POST", body: input });
}
