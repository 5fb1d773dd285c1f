import { AnalyticsCard } from "@/features/settings/integrations/components/AnalyticsCard";
import { ShopifyCard } from "@/features/settings/integrations/components/ShopifyCard";
import { SlackCard } from "@/features/settings/integrations/components/SlackCard";
import { StripeCard } from "@/features/settings/integrations/components/StripeCard";

/** Settings › Integrations: one card per tool, in the order of the status listing, then Shopify. */
export function IntegrationsSettings() {
  return (
    <>
      <StripeCard />
      <SlackCard />
      <AnalyticsCard />
      <ShopifyCard />
    </>
  );
}
