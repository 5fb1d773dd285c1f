import type { CreateWebhookInput } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { isHttpUrl } from "@contract/urls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createWebhook } from "@/features/settings/webhooks/api/create-webhook";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { addToList } from "@/lib/use-loaded-list";

/** What is wrong with the form, before asking the server (which also checks https and the address). */
export function webhookFormProblem({ url, events }: CreateWebhookInput): string | null {
  if (!url.trim()) return WEBHOOK_MESSAGES.urlRequired;
  if (!isHttpUrl(url.trim())) return WEBHOOK_MESSAGES.urlInvalid;
  if (events.length === 0) return WEBHOOK_MESSAGES.eventsRequired;
  return null;
}

/**
 * Adds an endpoint; `secret` holds its signing secret until the dialog that shows it closes, `problem`
 * the message of a refused attempt (shown in the form). The new endpoint goes first in the list at once,
 * then the endpoints load again (on every screen that shows them).
 */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: createWebhook,
    onSuccess: (created) => {
      addToList(queryClient, queryKeys.webhooks.list, created.webhook);
      void refreshAfterChange(queryClient, [queryKeys.webhooks.list]);
    },
  });
  const busy = mutation.isPending;

  async function create(input: CreateWebhookInput): Promise<boolean> {
    if (busy) return false;
    const found = webhookFormProblem(input);
    setProblem(found);
    if (found) return false;
    try {
      const created = await mutation.mutateAsync({ url: input.url.trim(), events: input.events });
      setSecret(created.secret);
      toast.success(WEBHOOK_MESSAGES.created);
      return true;
    } catch (error) {
      console.warn("Could not add the webhook endpoint", error);
      const message = serverMessage(error);
      setProblem(message ?? WEBHOOK_MESSAGES.createFailed);
      if (!message) toast.error(WEBHOOK_MESSAGES.createFailed);
      return false;
    }
  }

  function forget() {
    setSecret(null);
    setProblem(null);
  }

  return { busy, secret, problem, create, forget, clearProblem: () => setProblem(null) };
}
