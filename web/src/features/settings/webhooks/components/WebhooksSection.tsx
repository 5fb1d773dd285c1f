import { WEBHOOK_MESSAGES } from "@contract/messages";
import { SettingsListSection } from "@/features/settings/components/SettingsListSection";
import { CreateWebhookDialog } from "@/features/settings/webhooks/components/CreateWebhookDialog";
import { NoWebhooksYet } from "@/features/settings/webhooks/components/NoWebhooksYet";
import { WebhookList } from "@/features/settings/webhooks/components/WebhookList";
import { useWebhooks } from "@/features/settings/webhooks/use-webhooks";

/** Everything about webhooks in one card: endpoints, add (secret shown once), test, log, delete. */
export function WebhooksSection() {
  const { status, webhooks, retry } = useWebhooks();
  return (
    <SettingsListSection
      id="webhooks"
      title="Webhooks"
      description={`SplitLink posts events to your endpoints as signed JSON. Failed deliveries are retried for ${WEBHOOK_MESSAGES.retryPeriod}.`}
      docs={{ to: "/docs/api#webhooks", label: "Verify signatures" }}
      status={status}
      count={webhooks.length}
      loadFailed={WEBHOOK_MESSAGES.loadFailed}
      onRetry={retry}
      addLabel="Add endpoint"
      firstAddLabel="Add your first endpoint"
      empty={(addButton) => <NoWebhooksYet>{addButton}</NoWebhooksYet>}
      dialog={(open, onOpenChange) => <CreateWebhookDialog open={open} onOpenChange={onOpenChange} />}
    >
      <WebhookList webhooks={webhooks} />
    </SettingsListSection>
  );
}
