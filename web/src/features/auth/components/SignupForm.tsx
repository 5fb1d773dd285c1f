import type { FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { CredentialsFields, readCredentials } from "@/features/auth/components/CredentialsFields";
import { useAfterLoginPath, useSignUpInvitation } from "@/lib/auth/after-login";
import { useAuth } from "@/lib/auth/use-auth";

export function SignupForm() {
  const { signup, loading } = useAuth();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  const invitation = useSignUpInvitation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await signup(readCredentials(event.currentTarget), invitation?.token);
      navigate(afterLogin, { replace: true });
    } catch (error) {
      // The auth layer already told the user.
      console.warn("Sign-up failed", error);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      <CredentialsFields passwordAutoComplete="new-password" defaultEmail={invitation?.email} />
      <SubmitButton busy={loading} label="Create account" busyLabel="Creating account..." />
    </form>
  );
}
