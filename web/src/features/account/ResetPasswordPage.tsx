import { ACCOUNT_MESSAGES } from "@contract/messages";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { AuthCard } from "@/components/auth/AuthCard";
import { PasswordField } from "@/components/auth/PasswordField";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { resetPassword } from "@/features/account/api/reset-password";
import { BackToLogin } from "@/features/account/components/BackToLogin";
import { InvalidLink } from "@/features/account/components/InvalidLink";
import { ApiError } from "@/lib/api";
import { CODE_STEP_STATE } from "@/lib/auth/api/log-in";
import { showAuthError } from "@/lib/auth/show-auth-error";
import { useAuth } from "@/lib/auth/use-auth";
import { toast } from "@/lib/toast";

/** The page of a reset link: a new password, then straight into the dashboard with a fresh session. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get("token") ?? "";
  const { applySession } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(token === "");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    try {
      const session = await resetPassword({ token, password });
      if ("twoFactorRequired" in session) {
        navigate("/login", { replace: true, state: CODE_STEP_STATE });
        return;
      }
      applySession(session);
      toast.success(ACCOUNT_MESSAGES.passwordReset);
      navigate("/dashboard", { replace: true });
    } catch (error) {
      console.warn("Could not reset the password", error);
      if (error instanceof ApiError && error.code === "invalid_link") setLinkInvalid(true);
      else showAuthError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Set a new password"
      description={`Choose a new password for your account. ${ACCOUNT_MESSAGES.resetRevokes}`}
    >
      <PageTitle>Set a new password</PageTitle>
      {linkInvalid ? (
        <InvalidLink>
          <Button asChild>
            <Link to="/forgot-password">Request a new link</Link>
          </Button>
        </InvalidLink>
      ) : (
        <form onSubmit={handleSubmit} className="grid gap-5">
          <PasswordField label="New password" name="password" autoComplete="new-password" />
          <SubmitButton busy={busy} label="Set new password" busyLabel="Saving..." />
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
