import { LayoutDashboardIcon } from "lucide-react";
import type { ComponentType } from "react";
import { Link, Navigate, Route, Routes, useLocation, useParams } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { SettingsNav } from "@/features/settings/components/SettingsNav";
import { INTEGRATION_CARD_MESSAGES } from "@/features/settings/integrations/messages";
import { AccountSettings } from "@/features/settings/sections/AccountSettings";
import { ActivitySettings } from "@/features/settings/sections/ActivitySettings";
import { ApiKeysSettings } from "@/features/settings/sections/ApiKeysSettings";
import { IntegrationsSettings } from "@/features/settings/sections/IntegrationsSettings";
import { MembersSettings } from "@/features/settings/sections/MembersSettings";
import { WebhooksSettings } from "@/features/settings/sections/WebhooksSettings";
import { WorkspaceSettings } from "@/features/settings/sections/WorkspaceSettings";
import {
  SETTINGS_SECTIONS,
  type SettingsSectionPath,
  settingsAddressOf,
} from "@/features/settings/settings-sections";
import { useAuth } from "@/lib/auth/use-auth";

/** Each section's cards; a new card is mounted in its section's component, one line. */
const SECTION_CARDS: Record<SettingsSectionPath, ComponentType> = {
  account: AccountSettings,
  workspace: WorkspaceSettings,
  members: MembersSettings,
  "api-keys": ApiKeysSettings,
  webhooks: WebhooksSettings,
  integrations: IntegrationsSettings,
  activity: ActivitySettings,
};

/** /settings without a section (or an unknown one): the first section, or the one an old anchor names. */
function ToFirstSection() {
  return <Navigate to={settingsAddressOf(useLocation().hash)} replace />;
}

function SettingsSection() {
  const { section: path } = useParams();
  const section = SETTINGS_SECTIONS.find((each) => each.path === path);
  const email = useAuth().user?.email ?? "";
  if (!section) return <ToFirstSection />;
  const Cards = SECTION_CARDS[section.path];
  return (
    <>
      <PageTitle>{`${section.title} · Settings`}</PageTitle>
      <div className="mt-6 grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <SettingsNav currentTitle={section.title} />
        <div className="grid min-w-0 content-start gap-6">
          <div>
            <h2 className="font-semibold text-xl tracking-tight">{section.title}</h2>
            {section.path === "account" && (
              <p className="mt-1 break-words text-muted-foreground text-sm">Signed in as {email}</p>
            )}
            {section.path === "integrations" && (
              <p className="mt-1 text-muted-foreground text-sm">
                {INTEGRATION_CARD_MESSAGES.sectionDescription}
              </p>
            )}
          </div>
          <Cards />
        </div>
      </div>
    </>
  );
}

/** Settings: one section per subject, each at its own address, with a side navigation between them. */
export default function SettingsPage() {
  return (
    <div className="min-h-svh bg-muted">
      <AppHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">Dashboard</span>
          </Link>
        </Button>
      </AppHeader>
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Settings</h1>
        <Routes>
          <Route path=":section" element={<SettingsSection />} />
          <Route path="*" element={<ToFirstSection />} />
        </Routes>
      </main>
    </div>
  );
}
