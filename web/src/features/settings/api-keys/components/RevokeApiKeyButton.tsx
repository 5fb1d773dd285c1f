import type { ApiKey } from "@contract/api";
import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useRevokeApiKey } from "@/features/settings/api-keys/use-revoke-api-key";

interface RevokeApiKeyButtonProps {
  apiKey: ApiKey;
  onRevoked: (key: ApiKey) => void;
}

export function RevokeApiKeyButton({ apiKey, onRevoked }: RevokeApiKeyButtonProps) {
  const { revoking, revoke } = useRevokeApiKey(onRevoked);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-muted hover:text-destructive"
          aria-label={`Revoke ${apiKey.name}`}
          aria-disabled={revoking}
        >
          {revoking ? <Spinner size="sm" className="text-current" aria-hidden /> : <Trash2Icon aria-hidden />}
          Revoke
        </Button>
      }
      title="Revoke this API key?"
      description={`${apiKey.name} (${apiKey.prefix}…) stops working at once: tools that use it will be refused. This action cannot be undone.`}
      confirmLabel="Revoke"
      onConfirm={() => revoke(apiKey)}
    />
  );
}
