import { SiteTagSection } from "@/features/settings/components/SiteTagSection";
import { WorkspaceCurrencySection } from "@/features/settings/currency/WorkspaceCurrencySection";
import { TrafficRulesCard } from "@/features/settings/traffic-rules/TrafficRulesCard";
import { RequireTwoFactorSection } from "@/features/settings/workspace/components/RequireTwoFactorSection";
import { WorkspaceSection } from "@/features/settings/workspace/components/WorkspaceSection";

/** Settings › Workspace: the current workspace itself. One card a line. */
export function WorkspaceSettings() {
  return (
    <>
      <WorkspaceSection />
      <RequireTwoFactorSection />
      <SiteTagSection />
      <WorkspaceCurrencySection />
      <TrafficRulesCard />
    </>
  );
}
