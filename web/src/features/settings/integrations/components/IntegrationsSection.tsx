import { ANALYTICS_INTEGRATION_MESSAGES as M } from "@contract/messages";
import { useId } from "react";
import { AnalyticsCard } from "@/features/settings/integrations/components/AnalyticsCard";
import { ShopifyCard } from "@/features/settings/integrations/components/ShopifyCard";
import { SlackCard } from "@/features/settings/integrations/components/SlackCard";
import { StripeCard } from "@/features/settings/integrations/components/StripeCard";

/** Settings → Integrations: one card per tool, in the order of the status listing, then Shopify. */
export function IntegrationsSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id="integrations" className="grid scroll-mt-20 gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-xl tracking-tight">
          {M.section}
        </h2>
        <p className="text-muted-foreground text-sm">{M.sectionDescription}</p>
      </div>
      <StripeCard />
      <SlackCard />
      <AnalyticsCard />
      <ShopifyCard />
    </section>
  );
}
