import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useMutation } from "@tanstack/react-query";
import { addDomain } from "@/features/domains/api/add-domain";
import { useDomainChanged } from "@/features/domains/domain-cache";
import { domainProblem } from "@/features/domains/domain-format";
import { useAuth } from "@/lib/auth/use-auth";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/**
 * Checks and adds a domain with the specification's toasts; resolves to whether it was added. The new
 * domain is listed at once (domain-cache), then `onAdded` runs.
 */
export function useAddDomain(onAdded: (domain: CustomDomain) => void) {
  const { user } = useAuth();
  const { added } = useDomainChanged();
  const mutation = useMutation({ mutationFn: addDomain, onSuccess: (domain) => void added(domain) });
  const busy = mutation.isPending;

  async function add(typed: string): Promise<boolean> {
    if (busy) return false;
    if (!user) {
      toast.error(DOMAIN_MESSAGES.notSignedIn);
      return false;
    }
    const domain = typed.trim();
    const problem = domainProblem(domain);
    if (problem) {
      toast.error(problem);
      return false;
    }

    try {
      const addedDomain = await mutation.mutateAsync({ domain });
      toast.success(DOMAIN_MESSAGES.added);
      onAdded(addedDomain);
      return true;
    } catch (error) {
      console.warn("Could not add the domain", error);
      toast.error(serverMessage(error) ?? DOMAIN_MESSAGES.addFailed);
      return false;
    }
  }

  return { busy, add };
}
