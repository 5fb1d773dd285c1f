import { INTEGRATION_MESSAGES } from "@contract/messages";
import { useId } from "react";
import { StripeCard } from "@/features/settings/integrations/components/StripeCard";

/** Settings' Integrations: one card per integration, in the order of the status listing. */
export function IntegrationsSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id="integrations" className="grid scroll-mt-20 gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-xl tracking-tight">
          {INTEGRATION_MESSAGES.title}
        </h2>
        <p className="text-muted-foreground text-sm">{INTEGRATION_MESSAGES.description}</p>
      </div>
      <StripeCard />
    </section>
  );
}
