import type { ApiKey } from "@contract/api";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { CreateApiKeyForm } from "@/features/api-keys/components/CreateApiKeyForm";
import { NewKeyShownOnce } from "@/features/api-keys/components/NewKeyShownOnce";
import { useCreateApiKey } from "@/features/api-keys/use-create-api-key";

/** The Create button and its dialog: first a name, then the new key, shown this once. */
export function CreateApiKeyDialog({
  onCreated,
  label,
}: {
  onCreated: (key: ApiKey) => void;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const { busy, secret, create, forget } = useCreateApiKey(onCreated);

  function handleOpenChange(next: boolean) {
    setOpen(next);
    // Closed: the key leaves memory and the next opening starts with an empty form.
    if (!next) forget();
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
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
        {secret ? <NewKeyShownOnce secret={secret} /> : <CreateApiKeyForm busy={busy} onCreate={create} />}
      </DialogContent>
    </Dialog>
  );
}
