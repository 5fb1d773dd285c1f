import type { CreateWebhookInput, WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { isHttpUrl } from "@contract/urls";
import { useState } from "react";
import { createWebhook } from "@/features/settings/webhooks/api/create-webhook";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** What is wrong with the form, before asking the server (which also checks https and the address). */
export function webhookFormProblem({ url, events }: CreateWebhookInput): string | null {
  if (!url.trim()) return WEBHOOK_MESSAGES.urlRequired;
  if (!isHttpUrl(url.trim())) return WEBHOOK_MESSAGES.urlInvalid;
  if (events.length === 0) return WEBHOOK_MESSAGES.eventsRequired;
  return null;
}

/**
 * Adds an endpoint; `secret` holds its signing secret until the dialog that shows it closes, `problem`
 * the message of a refused attempt (shown in the form).
 */
export function useCreateWebhook(onCreated: (webhook: WebhookEndpoint) => void) {
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function create(input: CreateWebhookInput): Promise<boolean> {
    if (busy) return false;
    const found = webhookFormProblem(input);
    setProblem(found);
    if (found) return false;
    setBusy(true);
    try {
      const created = await createWebhook({ url: input.url.trim(), events: input.events });
      setSecret(created.secret);
      onCreated(created.webhook);
      toast.success(WEBHOOK_MESSAGES.created);
      return true;
    } catch (error) {
      console.warn("Could not add the webhook endpoint", error);
      const message = serverMessage(error);
      setProblem(message ?? WEBHOOK_MESSAGES.createFailed);
      if (!message) toast.error(WEBHOOK_MESSAGES.createFailed);
      return false;
    } finally {
      setBusy(false);
    }
  }

  function forget() {
    setSecret(null);
    setProblem(null);
  }

  return { busy, secret, problem, create, forget, clearProblem: () => setProblem(null) };
}
