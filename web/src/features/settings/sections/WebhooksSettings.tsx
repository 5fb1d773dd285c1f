import { WebhooksSection } from "@/features/settings/webhooks/components/WebhooksSection";

/** Settings › Webhooks: the current workspace's webhook endpoints. One card a line. */
export function WebhooksSettings() {
  return <WebhooksSection />;
}
