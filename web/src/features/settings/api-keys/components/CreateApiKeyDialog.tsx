import type { ApiKey } from "@contract/api";
import { API_KEY_MESSAGES } from "@contract/messages";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CreateApiKeyForm } from "@/features/settings/api-keys/components/CreateApiKeyForm";
import { useCreateApiKey } from "@/features/settings/api-keys/use-create-api-key";
import { SecretShownOnce } from "@/features/settings/components/SecretShownOnce";

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: ApiKey) => void;
}

/**
 * First a name, then the new key, shown this once. Controlled from outside: the list behind it changes
 * (the empty state leaves) while the key is on screen.
 */
export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  const { busy, secret, create, forget } = useCreateApiKey(onCreated);

  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    // Closed: the key leaves memory and the next opening starts with an empty form.
    if (!next) forget();
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        // The key must not vanish by a stray click beside the dialog.
        onInteractOutside={(event) => secret && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{secret ? "Your new API key" : "Create API key"}</DialogTitle>
          <DialogDescription>
            {secret
              ? "Send it as 'Authorization: Bearer <key>' with every request to the API."
              : "Other tools use an API key to create and read your split tests."}
          </DialogDescription>
        </DialogHeader>
        {secret ? (
          <SecretShownOnce
            secret={secret}
            what="key"
            copiedMessage={API_KEY_MESSAGES.keyCopied}
            testId="new-api-key"
          />
        ) : (
          <CreateApiKeyForm busy={busy} onCreate={create} />
        )}
      </DialogContent>
    </Dialog>
  );
}
