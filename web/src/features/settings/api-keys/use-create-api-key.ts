import type { ApiKey } from "@contract/api";
import { API_KEY_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { createApiKey } from "@/features/settings/api-keys/api/create-api-key";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** Creates a key; `secret` holds the full key until the dialog that shows it closes. */
export function useCreateApiKey(onCreated: (key: ApiKey) => void) {
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  async function create(name: string): Promise<boolean> {
    if (busy) return false;
    if (!name.trim()) {
      toast.error(API_KEY_MESSAGES.nameRequired);
      return false;
    }
    setBusy(true);
    try {
      const created = await createApiKey({ name });
      setSecret(created.key);
      onCreated(created.apiKey);
      toast.success(API_KEY_MESSAGES.created);
      return true;
    } catch (error) {
      console.warn("Could not create the API key", error);
      toast.error(serverMessage(error) ?? API_KEY_MESSAGES.createFailed);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, secret, create, forget: () => setSecret(null) };
}
