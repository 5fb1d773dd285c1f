import { ACCOUNT_MESSAGES } from "@contract/messages";
import { MailWarningIcon } from "lucide-react";
import { ResendVerificationButton } from "@/components/auth/ResendVerificationButton";
import { useAuth } from "@/lib/auth/use-auth";

/**
 * Until the email is verified: what to do, and 'Resend email'. Nothing once it is verified.
 * `reason` says what waits for it on this screen (e.g. adding custom domains).
 */
export function VerifyEmailBanner({ reason }: { reason?: string }) {
  const { status, user, emailVerified } = useAuth();
  if (status !== "signed-in" || emailVerified || !user) return null;
  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning-muted px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <MailWarningIcon className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div className="min-w-0 text-sm">
          <p className="break-words font-medium">{ACCOUNT_MESSAGES.verifyBanner(user.email)}</p>
          {reason && <p className="mt-0.5 text-muted-foreground">{reason}</p>}
        </div>
      </div>
      <ResendVerificationButton size="sm" />
    </section>
  );
}
