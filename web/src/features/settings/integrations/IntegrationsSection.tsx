import { useId } from "react";
import { SlackCard } from "@/features/settings/integrations/SlackCard";

/** Settings → Integrations: one card per integration, in this order. */
export function IntegrationsSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id="integrations" className="grid scroll-mt-20 gap-4">
      <h2 id={headingId} className="font-semibold text-xl tracking-tight">
        Integrations
      </h2>
      <SlackCard />
    </section>
  );
}
