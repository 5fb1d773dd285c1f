import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SecretShownOnce } from "@/features/settings/components/SecretShownOnce";

/** What the dialog says, first over the form and then over the new secret. */
interface Wording {
  title: string;
  description: string;
}

interface SecretDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called as the dialog closes: the secret leaves memory and the next opening starts afresh. */
  onClose: () => void;
  /** The new secret once created, null while the form is shown. */
  secret: string | null;
  form: Wording;
  shown: Wording & {
    /** What it is, in the warning: "key", "signing secret". */
    what: string;
    copiedMessage: string;
    testId: string;
  };
  /** The form that creates it. */
  children: ReactNode;
}

/**
 * Creating something that comes with a secret (an API key, a webhook endpoint): first the form, then the
 * secret, shown this once. Controlled from outside: the list behind it changes while the secret is shown.
 */
export function SecretDialog({
  open,
  onOpenChange,
  onClose,
  secret,
  form,
  shown,
  children,
}: SecretDialogProps) {
  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    if (!next) onClose();
  }
  const wording = secret ? shown : form;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        // The secret must not vanish by a stray click beside the dialog.
        onInteractOutside={(event) => secret && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{wording.title}</DialogTitle>
          <DialogDescription>{wording.description}</DialogDescription>
        </DialogHeader>
        {secret ? (
          <SecretShownOnce
            secret={secret}
            what={shown.what}
            copiedMessage={shown.copiedMessage}
            testId={shown.testId}
          />
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  );
}
