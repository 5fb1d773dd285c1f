import type { ApiKey, ApiKeyListResponse, RevokedApiKey } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The signed-in user's API keys, newest first; never the keys themselves. */
export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { keys } = await apiFetch<ApiKeyListResponse>("/api/keys", { signal });
  return keys;
}

/** The keys SplitLink revoked in the workspace in the last 30 days, newest first. */
export async function listRevokedApiKeys(signal?: AbortSignal): Promise<RevokedApiKey[]> {
  const { revoked } = await apiFetch<ApiKeyListResponse>("/api/keys", { signal });
  return revoked;
}
