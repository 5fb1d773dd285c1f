import { type FormEvent, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CredentialsFields, readCredentials } from "@/features/auth/components/CredentialsFields";
import { useAfterLoginPath } from "@/lib/auth/after-login";
import type { CODE_STEP_STATE } from "@/lib/auth/api/log-in";
import { TWO_FACTOR_SCREEN_MESSAGES } from "@/lib/auth/two-factor-screen-messages";
import { useAuth } from "@/lib/auth/use-auth";

export function LoginForm() {
  const { login, secondFactor, loading } = useAuth();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  const fromReset = (useLocation().state as Partial<typeof CODE_STEP_STATE> | null)?.codeStep === true;
  const [codeStep, setCodeStep] = useState(fromReset);
  const codeId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      if ((await login(readCredentials(event.currentTarget))) === "code") setCodeStep(true);
      else navigate(afterLogin, { replace: true });
    } catch (error) {
      // The auth layer already told the user.
      console.warn("Login failed", error);
    }
  }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    try {
      await secondFactor(code);
      navigate(afterLogin, { replace: true });
    } catch (error) {
      console.warn("Second factor failed", error);
    }
  }

  if (codeStep)
    return (
      <form
        onSubmit={handleCode}
        className="grid gap-5"
        aria-label={TWO_FACTOR_SCREEN_MESSAGES.codeStepTitle}
      >
        <p className="text-muted-foreground text-sm">
          {fromReset ? TWO_FACTOR_SCREEN_MESSAGES.resetThenCode : TWO_FACTOR_SCREEN_MESSAGES.codeStepIntro}
        </p>
        <div className="grid gap-2">
          <Label htmlFor={codeId}>{TWO_FACTOR_SCREEN_MESSAGES.codeLabel}</Label>
          <Input
            id={codeId}
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            required
            maxLength={32}
          />
        </div>
        <SubmitButton
          busy={loading}
          label={TWO_FACTOR_SCREEN_MESSAGES.verify}
          busyLabel={TWO_FACTOR_SCREEN_MESSAGES.verifying}
        />
      </form>
    );

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
