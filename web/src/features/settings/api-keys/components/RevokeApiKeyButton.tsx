import type { ApiKey } from "@contract/api";
import { API_KEY_MESSAGES } from "@contract/messages";
import { RemoveItemButton } from "@/components/RemoveItemButton";
import { revokeApiKey } from "@/features/settings/api-keys/api/revoke-api-key";
import { useKeyRevoked } from "@/features/settings/api-keys/use-api-keys";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/** Revoke, after a confirmation; none for a viewer. */
export function RevokeApiKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const onRevoked = useKeyRevoked();
  const { canEdit } = useWorkspaceAbilities();
  if (!canEdit) return null;
  return (
    <RemoveItemButton
      item={apiKey}
      verb="Revoke"
      ariaLabel={`Revoke ${apiKey.name}`}
      title="Revoke this API key?"
      description={`${apiKey.name} (${apiKey.prefix}…) stops working at once: tools that use it will be refused. This action cannot be undone.`}
      remove={revokeApiKey}
      messages={{ done: API_KEY_MESSAGES.revoked, failed: API_KEY_MESSAGES.revokeFailed }}
      onRemoved={onRevoked}
    />
  );
}
