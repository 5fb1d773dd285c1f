import { API_KEY_MESSAGES } from "@contract/messages";
import { ApiKeyList } from "@/features/settings/api-keys/components/ApiKeyList";
import { CreateApiKeyDialog } from "@/features/settings/api-keys/components/CreateApiKeyDialog";
import { NoApiKeysYet } from "@/features/settings/api-keys/components/NoApiKeysYet";
import { RevokedApiKeys } from "@/features/settings/api-keys/components/RevokedApiKeys";
import { useApiKeys } from "@/features/settings/api-keys/use-api-keys";
import { SettingsListSection } from "@/features/settings/components/SettingsListSection";

/** Everything about API keys in one card: list, create (shown once), revoke. Fits any settings page. */
export function ApiKeysSection() {
  const { status, keys, retry } = useApiKeys();
  return (
    <div className="grid gap-3">
      <SettingsListSection
        title="API keys"
        description="Keys let other tools use the SplitLink API on your behalf. Treat them like passwords."
        docs={{ to: "/docs/api", label: "API docs" }}
        status={status}
        count={keys.length}
        loadFailed={API_KEY_MESSAGES.loadFailed}
        onRetry={retry}
        addLabel="Create API key"
        firstAddLabel="Create your first API key"
        empty={(addButton) => <NoApiKeysYet>{addButton}</NoApiKeysYet>}
        dialog={(open, onOpenChange) => <CreateApiKeyDialog open={open} onOpenChange={onOpenChange} />}
      >
        <ApiKeyList keys={keys} />
      </SettingsListSection>
      <RevokedApiKeys />
    </div>
  );
}
