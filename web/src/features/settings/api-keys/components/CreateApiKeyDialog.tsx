import { API_KEY_MESSAGES } from "@contract/messages";
import { CreateApiKeyForm } from "@/features/settings/api-keys/components/CreateApiKeyForm";
import { useCreateApiKey } from "@/features/settings/api-keys/use-create-api-key";
import { SecretDialog } from "@/features/settings/components/SecretDialog";

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** First a name, then the new key, shown this once. */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const { busy, secret, create, forget } = useCreateApiKey();
  return (
    <SecretDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={forget}
      secret={secret}
      form={{
        title: "Create API key",
        description: "Other tools use an API key to create and read your split tests.",
      }}
      shown={{
        title: "Your new API key",
        description: "Send it as 'Authorization: Bearer <key>' with every request to the API.",
        what: "key",
        copiedMessage: API_KEY_MESSAGES.keyCopied,
        testId: "new-api-key",
      }}
    >
      <CreateApiKeyForm busy={busy} onCreate={create} />
    </SecretDialog>
  );
}
