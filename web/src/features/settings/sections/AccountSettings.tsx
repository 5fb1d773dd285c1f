import { VerifyEmailBanner } from "@/components/auth/VerifyEmailBanner";
import { ChangePasswordSection } from "@/features/settings/components/ChangePasswordSection";
import { DeleteAccountSection } from "@/features/settings/components/DeleteAccountSection";
import { EmailAlertsSection } from "@/features/settings/components/EmailAlertsSection";
import { TwoFactorSection } from "@/features/settings/components/TwoFactorSection";
import { WeeklyDigestSection } from "@/features/settings/components/WeeklyDigestSection";
import { useAuth } from "@/lib/auth/use-auth";

/** Settings › Account and security: the user's own sign-in, notices and account. One card a line. */
export function AccountSettings() {
  const email = useAuth().user?.email ?? "";
  return (
    <>
      <VerifyEmailBanner />
      <ChangePasswordSection />
      <TwoFactorSection />
      <EmailAlertsSection />
      <WeeklyDigestSection />
      <DeleteAccountSection email={email} />
    </>
  );
}
