import { GENERIC_MESSAGES } from "@contract/messages";
import { MailCheckIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { AuthCard } from "@/components/auth/AuthCard";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { PageTitle } from "@/components/PageTitle";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { requestPasswordReset } from "@/features/account/api/request-password-reset";
import { BackToLogin } from "@/features/account/components/BackToLogin";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** 'Forgot password?': asks for the email and says what happens next, whether or not it has an account. */
export default function ForgotPasswordPage() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setBusy(true);
    try {
      setSentMessage((await requestPasswordReset(email)).message);
    } catch (error) {
      console.warn("Could not request a password reset", error);
      toast.error(serverMessage(error) ?? GENERIC_MESSAGES.internal);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset your password" description="We will email you a link to set a new password.">
      <PageTitle>Reset your password</PageTitle>
      {sentMessage ? (
        <div role="status" className="grid justify-items-center gap-3 text-center">
          <MailCheckIcon className="size-10 text-primary" aria-hidden />
          <p>{sentMessage}</p>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={id}>Email</Label>
            <Input id={id} name="email" type="email" autoComplete="email" required />
          </div>
          <SubmitButton busy={busy} label="Send reset link" busyLabel="Sending..." />
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
