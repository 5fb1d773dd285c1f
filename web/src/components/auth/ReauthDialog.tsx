import type { ReauthResponse } from "@contract/api";
import { AUTH_MESSAGES } from "@contract/messages";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { PasswordField } from "@/components/auth/PasswordField";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { apiFetch, setReauthPrompt } from "@/lib/api";
import { serverMessage } from "@/lib/server-message";

/**
 * Asks for the password where a sensitive action (an API key, an integration's secret, a role, deleting
 * a workspace) answered 403 `reauth_required`; once it is entered the action is retried (lib/api.ts).
 */
export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = useRef<((entered: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setError(null);
          setOpen(true);
        }),
    );
    return () => setReauthPrompt(undefined);
  }, []);

  function close(entered: boolean) {
    settle.current?.(entered);
    settle.current = null;
    setOpen(false);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    try {
      await apiFetch<ReauthResponse>("/api/auth/reauth", { method: "POST", body: { password } });
      close(true);
    } catch (caught) {
      setError(serverMessage(caught) ?? AUTH_MESSAGES.reauthRequired);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{AUTH_MESSAGES.reauthTitle}</DialogTitle>
          <DialogDescription>{AUTH_MESSAGES.reauthIntro}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} className="grid gap-4">
          <PasswordField label="Password" name="password" autoComplete="current-password" />
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFormFooter busy={busy} label={AUTH_MESSAGES.reauthButton} busyLabel="Checking..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
