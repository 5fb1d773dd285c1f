import type { InviteInput } from "@contract/api";
import { MEMBER_MESSAGES } from "@contract/messages";
import { ROLES, type Role } from "@contract/workspaces";
import { type FormEvent, useId, useRef, useState } from "react";
import { ResendVerificationButton } from "@/components/auth/ResendVerificationButton";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { BusyLabel } from "@/components/ui/spinner";
import { invite } from "@/features/settings/members/api/members";
import { useMemberAction } from "@/features/settings/members/use-members";
import { RequestError } from "@/lib/api";
import { useAuth } from "@/lib/auth/use-auth";
import { serverMessage } from "@/lib/server-message";
import { MEMBER_SCREEN_MESSAGES } from "@/lib/workspaces/member-screen-messages";

/** The email's own problems; anything else is toasted. */
const EMAIL_ERRORS = new Set(["invalid_input", "already_member", "invitation_pending"]);

/**
 * Email and role; a refused email's reason shows under the field. Only a verified email may invite:
 * an unverified user is told so beside the form, with a new verification link one click away.
 */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const id = useId();
  const { emailVerified } = useAuth();
  const [refusedUnverified, setRefusedUnverified] = useState(false);
  const run = useMemberAction(workspaceId);
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setError(MEMBER_MESSAGES.emailRequired);
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const input: InviteInput = { email: email.trim(), role };
    let fieldError: string | null = null;
    const sent = await run(async () => {
      try {
        await invite(workspaceId, input);
      } catch (refused) {
        if (refused instanceof RequestError && EMAIL_ERRORS.has(refused.code)) {
          fieldError = serverMessage(refused);
          return false;
        }
        if (refused instanceof RequestError && refused.code === "email_unverified")
          setRefusedUnverified(true);
        throw refused;
      }
    }, MEMBER_SCREEN_MESSAGES.invited(input.email));
    setBusy(false);
    if (fieldError) {
      setError(fieldError);
      emailRef.current?.focus();
    } else if (sent) setEmail("");
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
    >
      {(!emailVerified || refusedUnverified) && (
        <div role="status" className="flex flex-wrap items-center gap-3 text-sm sm:col-span-3">
          <p>{MEMBER_MESSAGES.verifyToInvite}</p>
          <ResendVerificationButton size="sm" />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="teammate@example.com"
          autoComplete="off"
          required
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {MEMBER_MESSAGES.roleNames[option]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" className="sm:mt-[1.375rem]" aria-disabled={busy}>
        <BusyLabel busy={busy} label={MEMBER_SCREEN_MESSAGES.inviteButton} busyLabel="Sending..." />
      </Button>
      <p className="text-muted-foreground text-xs sm:col-span-3">{MEMBER_MESSAGES.roleHints[role]}.</p>
    </form>
  );
}
