import type { CustomDomain } from "@contract/api";
import { useMutation } from "@tanstack/react-query";
import { updateDomain } from "@/features/domains/api/update-domain";
import { useDomainChanged } from "@/features/domains/domain-cache";
import { RequestError } from "@/lib/api";
import { toast } from "@/lib/toast";

// The Domains page's own toasts (the Worker never sends them, so they are not in contract/messages).
const SAVED = "Fallback URL saved";
const REMOVED = "Fallback URL removed";
const FAILED = "Failed to save the fallback URL";

/** Saves a domain's fallback URL (empty: none); resolves to whether it was saved. */
export function useDomainFallback(domain: CustomDomain) {
  const { checked } = useDomainChanged();
  const mutation = useMutation({
    mutationFn: (fallbackUrl: string | null) => updateDomain(domain.id, { fallbackUrl }),
    onSuccess: (updated) => void checked(updated),
  });

  async function save(value: string): Promise<boolean> {
    if (mutation.isPending) return false;
    try {
      const updated = await mutation.mutateAsync(value.trim() || null);
      toast.success(updated.fallbackUrl ? SAVED : REMOVED);
      return true;
    } catch (error) {
      console.warn("Could not save the fallback URL", error);
      // The API's refusal says what is wrong with the URL.
      const refused = error instanceof RequestError && error.status === 400 && error.message;
      toast.error(refused || FAILED);
      return false;
    }
  }

  return { saving: mutation.isPending, save };
}
