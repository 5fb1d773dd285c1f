import type { RevokedKeyOfAccount } from "@contract/api";
import { ACCOUNT_MESSAGES } from "@contract/messages";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { AuthCard } from "@/components/auth/AuthCard";
import { PasswordField } from "@/components/auth/PasswordField";
import { RevokedKeysNotice } from "@/components/auth/RevokedKeysNotice";
import { SubmitButton } from "@/components/auth/SubmitButton";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { resetPassword } from "@/features/account/api/reset-password";
import { BackToLogin } from "@/features/account/components/BackToLogin";
import { InvalidLink } from "@/features/account/components/InvalidLink";
import { RequestError } from "@/lib/api";
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
  const [revoked, setRevoked] = useState<RevokedKeyOfAccount[] | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    try {
      const answer = await resetPassword({ token, password });
      if ("twoFactorRequired" in answer) {
        navigate("/login", { replace: true, state: CODE_STEP_STATE });
        return;
      }
      const { revokedApiKeys, ...session } = answer;
      applySession(session);
      toast.success(ACCOUNT_MESSAGES.passwordReset);
      // Keys were revoked: the page says which, and what stops, before the dashboard.
      if (revokedApiKeys.length > 0) setRevoked(revokedApiKeys);
      else navigate("/dashboard", { replace: true });
    } catch (error) {
      console.warn("Could not reset the password", error);
      if (error instanceof RequestError && error.code === "invalid_link") setLinkInvalid(true);
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
      {revoked ? (
        <div className="grid gap-4">
          <RevokedKeysNotice keys={revoked} />
          <Button asChild>
            <Link to="/dashboard">Continue to the dashboard</Link>
          </Button>
        </div>
      ) : linkInvalid ? (
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
