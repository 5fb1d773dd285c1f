import { MailCheckIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { Button } from "@/components/ui/button";
import { CredentialsFields, readCredentials } from "@/features/auth/components/CredentialsFields";
import { useAfterLoginPath, useSignUpInvitation } from "@/lib/auth/after-login";
import { CHECK_EMAIL_MESSAGES } from "@/lib/auth/auth-messages";
import { useAuth } from "@/lib/auth/use-auth";

export function SignupForm() {
  const { signup, loading } = useAuth();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  const invitation = useSignUpInvitation();
  // The address the finishing link went to: the form gives way to where to look for it.
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = readCredentials(event.currentTarget);
    try {
      const outcome = await signup(credentials, invitation?.token);
      if (outcome === "check-email") setSentTo(credentials.email.trim());
      else navigate(afterLogin, { replace: true });
    } catch (error) {
      // The auth layer already told the user.
      console.warn("Sign-up failed", error);
    }
  }

  if (sentTo !== null) return <CheckYourEmail email={sentTo} onBack={() => setSentTo(null)} />;
  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      <CredentialsFields passwordAutoComplete="new-password" defaultEmail={invitation?.email} />
      <SubmitButton busy={loading} label="Create account" busyLabel="Creating account..." />
    </form>
  );
}

function CheckYourEmail({ email, onBack }: { email: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the keyboard was in is gone: focus moves to what replaced it, and a screen reader says it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="grid justify-items-center gap-3 py-2 text-center">
      <MailCheckIcon className="size-10 text-primary" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="font-semibold text-lg outline-none">
        {CHECK_EMAIL_MESSAGES.heading}
      </h2>
      <p className="break-all text-sm">{CHECK_EMAIL_MESSAGES.sentTo(email)}</p>
      <p className="text-muted-foreground text-sm">{CHECK_EMAIL_MESSAGES.notThere}</p>
      <Button type="button" variant="outline" onClick={onBack}>
        {CHECK_EMAIL_MESSAGES.back}
      </Button>
    </div>
  );
}
