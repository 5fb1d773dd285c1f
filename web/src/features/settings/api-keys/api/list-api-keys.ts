import type { ApiKey, ApiKeyListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The signed-in user's API keys, newest first; never the keys themselves. */
export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { keys } = await apiFetch<ApiKeyListResponse>("/api/keys", { signal });
  return keys;
}
