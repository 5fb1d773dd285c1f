import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useMutation } from "@tanstack/react-query";
import { deleteDomain } from "@/features/domains/api/delete-domain";
import { useDomainChanged } from "@/features/domains/domain-cache";
import { RequestError } from "@/lib/api";
import { toast } from "@/lib/toast";

const isNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;

/**
 * Delete with the specification's toasts. Once the domain is gone (a 404: gone already), `onDeleted` runs
 * (its button still there, to tell where keyboard focus was), then it leaves the list (domain-cache).
 */
export function useDeleteDomain(onDeleted: (domain: CustomDomain) => void) {
  const { deleted } = useDomainChanged();
  const mutation = useMutation({ mutationFn: (domain: CustomDomain) => deleteDomain(domain.id) });
  const deleting = mutation.isPending;

  async function remove(domain: CustomDomain): Promise<void> {
    if (deleting) return;
    try {
      await mutation.mutateAsync(domain);
    } catch (error) {
      console.warn("Could not delete the domain", error);
      toast.error(DOMAIN_MESSAGES.deleteFailed);
      // A 404 means it is gone already: take it off the list all the same.
      if (!isNotFound(error)) return;
      onDeleted(domain);
      void deleted(domain);
      return;
    }
    toast.success(DOMAIN_MESSAGES.deleted);
    onDeleted(domain);
    void deleted(domain);
  }

  return { deleting, remove };
}
