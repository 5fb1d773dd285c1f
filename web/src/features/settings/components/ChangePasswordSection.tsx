import type { RevokedKeyOfAccount } from "@contract/api";
import { ACCOUNT_MESSAGES } from "@contract/messages";
import { type FormEvent, useId, useState } from "react";
import { PasswordField } from "@/components/auth/PasswordField";
import { RevokedKeysNotice } from "@/components/auth/RevokedKeysNotice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BusyLabel } from "@/components/ui/spinner";
import { changePassword } from "@/features/settings/api/change-password";
import { showAuthError } from "@/lib/auth/show-auth-error";
import { toast } from "@/lib/toast";

/** A new password, proven by the current one; the server signs out every other session. */
export function ChangePasswordSection() {
  const headingId = useId();
  const revokeId = useId();
  const [busy, setBusy] = useState(false);
  const [revoked, setRevoked] = useState<RevokedKeyOfAccount[]>([]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field submits again while the button is only aria-disabled: one change at a time.
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    try {
      const { message, revokedApiKeys } = await changePassword({
        currentPassword: String(data.get("currentPassword") ?? ""),
        newPassword: String(data.get("newPassword") ?? ""),
        revokeApiKeys: data.get("revokeApiKeys") === "on",
      });
      form.reset();
      setRevoked(revokedApiKeys);
      toast.success(message);
    } catch (error) {
      console.warn("Could not change the password", error);
      showAuthError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            Change password
          </CardTitle>
          <CardDescription>Your other devices will be signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={handleSubmit} className="grid gap-5 sm:max-w-sm">
            <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" />
            <PasswordField label="New password" name="newPassword" autoComplete="new-password" />
            <div className="flex items-start gap-2">
              <input id={revokeId} name="revokeApiKeys" type="checkbox" className="mt-1 size-4" />
              <label htmlFor={revokeId} className="text-sm">
                {ACCOUNT_MESSAGES.revokeKeysOnChange}
              </label>
            </div>
            <Button type="submit" className="justify-self-start" aria-disabled={busy}>
              <BusyLabel busy={busy} label="Change password" busyLabel="Changing..." />
            </Button>
          </form>
          {revoked.length > 0 && (
            <div className="mt-4">
              <RevokedKeysNotice keys={revoked} />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
