import type { CustomDomain } from "@contract/api";
import { useEffect, useState } from "react";
import { listDomains } from "@/lib/domains/api/list-domains";
import { isAbortError } from "@/lib/is-abort-error";

/** The user's verified, active domains: the only ones a test may use. Empty while loading or after a failure. */
export function useActiveDomains(): CustomDomain[] {
  const [domains, setDomains] = useState<CustomDomain[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    listDomains(controller.signal)
      .then((all) => setDomains(all.filter((domain) => domain.verified && domain.status === "active")))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        // Without its domains the form still works on the default domain.
        console.warn("Could not load the custom domains", error);
      });
    return () => controller.abort();
  }, []);

  return domains;
}
