import { GENERIC_MESSAGES } from "@contract/messages";
import { MailIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { resendVerificationEmail } from "@/lib/auth/api/resend-verification-email";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** 'Resend email': a new verification link; the outcome (sent, too many, failed) as a toast. */
export function ResendVerificationButton({ size = "default" }: { size?: "default" | "sm" }) {
  const [busy, setBusy] = useState(false);

  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      toast.success((await resendVerificationEmail()).message);
    } catch (error) {
      console.warn("Could not resend the verification email", error);
      toast.error(serverMessage(error) ?? GENERIC_MESSAGES.internal);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" size={size} onClick={resend} aria-disabled={busy}>
      {busy ? <Spinner size="sm" className="text-current" aria-hidden /> : <MailIcon aria-hidden />}
      {busy ? "Sending..." : "Resend email"}
    </Button>
  );
}
