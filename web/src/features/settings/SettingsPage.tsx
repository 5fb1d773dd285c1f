import { LayoutDashboardIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { VerifyEmailBanner } from "@/components/auth/VerifyEmailBanner";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { ApiKeysSection } from "@/features/settings/api-keys/components/ApiKeysSection";
import { ChangePasswordSection } from "@/features/settings/components/ChangePasswordSection";
import { DeleteAccountSection } from "@/features/settings/components/DeleteAccountSection";
import { EmailAlertsSection } from "@/features/settings/components/EmailAlertsSection";
import { SiteTagSection } from "@/features/settings/components/SiteTagSection";
import { TwoFactorSection } from "@/features/settings/components/TwoFactorSection";
import { WeeklyDigestSection } from "@/features/settings/components/WeeklyDigestSection";
import { WorkspaceCurrencySection } from "@/features/settings/currency/WorkspaceCurrencySection";
import { ActivityLogSection } from "@/features/settings/history/components/ActivityLogSection";
import { IntegrationsSection } from "@/features/settings/integrations/components/IntegrationsSection";
import { MembersSection } from "@/features/settings/members/components/MembersSection";
import { WebhooksSection } from "@/features/settings/webhooks/components/WebhooksSection";
import { WorkspaceSection } from "@/features/settings/workspace/components/WorkspaceSection";
import { useAuth } from "@/lib/auth/use-auth";

/** Account settings: one section per concern, stacked; new sections go in this list. */
export default function SettingsPage() {
  const email = useAuth().user?.email ?? "";
  return (
    <div className="min-h-svh bg-muted">
      <PageTitle>Account settings</PageTitle>
      <AppHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">Dashboard</span>
          </Link>
        </Button>
      </AppHeader>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Account settings</h1>
        <p className="mt-1 break-words text-muted-foreground">Signed in as {email}</p>
        <div className="mt-8 grid gap-6">
          <VerifyEmailBanner />
          <WorkspaceSection />
          <MembersSection />
          <SiteTagSection />
          <WorkspaceCurrencySection />
          <EmailAlertsSection />
          <WeeklyDigestSection />
          <ChangePasswordSection />
          <TwoFactorSection />
          <ApiKeysSection />
          <WebhooksSection />
          <IntegrationsSection />
          <ActivityLogSection />
          <DeleteAccountSection email={email} />
        </div>
      </main>
    </div>
  );
}
