import type { ApiKey } from "@contract/api";
import { API_KEY_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { revokeApiKey } from "@/features/settings/api-keys/api/revoke-api-key";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";

/** Revoke with its toasts; `onRevoked` runs once the key is gone. */
export function useRevokeApiKey(onRevoked: (key: ApiKey) => void) {
  const [revoking, setRevoking] = useState(false);

  async function revoke(key: ApiKey): Promise<void> {
    if (revoking) return;
    setRevoking(true);
    try {
      await revokeApiKey(key.id);
    } catch (error) {
      console.warn("Could not revoke the API key", error);
      toast.error(API_KEY_MESSAGES.revokeFailed);
      setRevoking(false);
      // A 404 means it is gone already: take it off the list all the same.
      if (error instanceof ApiError && error.status === 404) onRevoked(key);
      return;
    }
    toast.success(API_KEY_MESSAGES.revoked);
    onRevoked(key);
  }

  return { revoking, revoke };
}
