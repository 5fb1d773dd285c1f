import type { DeletedResponse, SlackConnection, SlackTestResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The current workspace's Slack connection, its URL masked. */
export function getSlack(signal?: AbortSignal): Promise<SlackConnection> {
  return apiFetch<SlackConnection>("/api/integrations/slack", { signal });
}

/** Connects or replaces the incoming webhook URL. */
export function connectSlack(webhookUrl: string): Promise<SlackConnection> {
  return apiFetch<SlackConnection>("/api/integrations/slack", { method: "PUT", body: { webhookUrl } });
}

/** An owner turns back on a connection its member's removal turned off. */
export function enableSlack(): Promise<SlackConnection> {
  return apiFetch<SlackConnection>("/api/integrations/slack/enable", { method: "POST" });
}

/** Disconnects: alerts stop at once, retries included. */
export async function disconnectSlack(): Promise<void> {
  await apiFetch<DeletedResponse>("/api/integrations/slack", { method: "DELETE" });
}

/** Posts a test message now and answers how it went. */
export function sendSlackTest(): Promise<SlackTestResponse> {
  return apiFetch<SlackTestResponse>("/api/integrations/slack/test", { method: "POST" });
}
