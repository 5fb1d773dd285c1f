import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { verifyDomain } from "@/features/domains/api/verify-domain";
import { toast } from "@/lib/toast";

/**
 * Verify with the specification's toasts: 'Checking DNS records...' while the check runs, then its outcome
 * in the same toast. `onChecked` gets the domain as it now stands (undefined if the request failed).
 */
export function useVerifyDomain(onChecked: (domain: CustomDomain | undefined) => void) {
  const [verifying, setVerifying] = useState(false);

  async function verify(domain: CustomDomain): Promise<void> {
    if (verifying) return;
    setVerifying(true);
    const toastId = toast.loading(DOMAIN_MESSAGES.checking);
    try {
      const result = await verifyDomain(domain.id);
      if (result.verified) toast.success(result.message || DOMAIN_MESSAGES.verified, { id: toastId });
      else toast.error(result.message || DOMAIN_MESSAGES.verificationFailed, { id: toastId });
      onChecked(result.domain);
    } catch (error) {
      console.warn("Could not verify the domain", error);
      toast.error(DOMAIN_MESSAGES.verifyRequestFailed, { id: toastId });
      onChecked(undefined);
    } finally {
      setVerifying(false);
    }
  }

  return { verifying, verify };
}
