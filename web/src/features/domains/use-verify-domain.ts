import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useMutation } from "@tanstack/react-query";
import { verifyDomain } from "@/features/domains/api/verify-domain";
import { useDomainChanged } from "@/features/domains/domain-cache";
import { RequestError } from "@/lib/api";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/**
 * Verify with the specification's toasts: 'Checking DNS records...' while the check runs, then its outcome
 * in the same toast. The domain as it now stands goes into the list, which then loads again (also when
 * the request failed: the check may have been made).
 */
export function useVerifyDomain() {
  const { checked } = useDomainChanged();
  const mutation = useMutation({
    mutationFn: (domain: CustomDomain) => verifyDomain(domain.id),
    onSuccess: (result) => void checked(result.domain),
    onError: () => void checked(undefined),
  });
  const verifying = mutation.isPending;

  async function verify(domain: CustomDomain): Promise<void> {
    if (verifying) return;
    const toastId = toast.loading(DOMAIN_MESSAGES.checking);
    try {
      const result = await mutation.mutateAsync(domain);
      if (result.verified) toast.success(result.message || DOMAIN_MESSAGES.verified, { id: toastId });
      else toast.error(result.message || DOMAIN_MESSAGES.verificationFailed, { id: toastId });
    } catch (error) {
      console.warn("Could not verify the domain", error);
      // A refusal says why (too many checks, the domain gone); anything else is the specification's text.
      const refused = error instanceof RequestError && error.status < 500 ? serverMessage(error) : null;
      toast.error(refused ?? DOMAIN_MESSAGES.verifyRequestFailed, { id: toastId });
    }
  }

  return { verifying, verify };
}
