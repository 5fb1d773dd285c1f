import { API_KEY_MESSAGES } from "@contract/messages";
import type { ApiKeyScope } from "@contract/workspaces";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createApiKey } from "@/features/settings/api-keys/api/create-api-key";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { addToList } from "@/lib/use-loaded-list";

/**
 * Creates a key; `secret` holds the full key until the dialog that shows it closes. The new key goes
 * first in the list at once, then the list loads again.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      addToList(queryClient, queryKeys.apiKeys, created.apiKey);
      void refreshAfterChange(queryClient, [queryKeys.apiKeys]);
    },
  });
  const busy = mutation.isPending;

  async function create(name: string, scope: ApiKeyScope): Promise<boolean> {
    if (busy) return false;
    if (!name.trim()) {
      toast.error(API_KEY_MESSAGES.nameRequired);
      return false;
    }
    try {
      const created = await mutation.mutateAsync({ name, scope });
      setSecret(created.key);
      toast.success(API_KEY_MESSAGES.created);
      return true;
    } catch (error) {
      console.warn("Could not create the API key", error);
      toast.error(serverMessage(error) ?? API_KEY_MESSAGES.createFailed);
      return false;
    }
  }

  return { busy, secret, create, forget: () => setSecret(null) };
}
