import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { CredentialsFields, readCredentials } from "@/features/auth/components/CredentialsFields";
import { useAfterLoginPath } from "@/lib/auth/after-login";
import { useAuth } from "@/lib/auth/use-auth";

export function LoginForm() {
  const { login, loading } = useAuth();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await login(readCredentials(event.currentTarget));
      navigate(afterLogin, { replace: true });
    } catch (error) {
      // The auth layer already told the user.
      console.warn("Login failed", error);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      <CredentialsFields passwordAutoComplete="current-password" />
      <p className="-mt-3 text-right text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
      <SubmitButton busy={loading} label="Log in" busyLabel="Logging in..." />
    </form>
  );
}
