import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { deleteDomain } from "@/features/domains/api/delete-domain";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";

/** Delete with the specification's toasts; `onDeleted` runs once the domain is gone. */
export function useDeleteDomain(onDeleted: (domain: CustomDomain) => void) {
  const [deleting, setDeleting] = useState(false);

  async function remove(domain: CustomDomain): Promise<void> {
    if (deleting) return;
    setDeleting(true);
    try {
      await deleteDomain(domain.id);
    } catch (error) {
      console.warn("Could not delete the domain", error);
      toast.error(DOMAIN_MESSAGES.deleteFailed);
      setDeleting(false);
      // A 404 means it is gone already: take it off the list all the same.
      if (error instanceof ApiError && error.status === 404) onDeleted(domain);
      return;
    }
    toast.success(DOMAIN_MESSAGES.deleted);
    onDeleted(domain);
  }

  return { deleting, remove };
}
