import type { CustomDomain } from "@contract/api";
import { useMutation } from "@tanstack/react-query";
import { updateDomain } from "@/features/domains/api/update-domain";
import { useDomainChanged } from "@/features/domains/domain-cache";
import { fallbackUrlProblem } from "@/features/domains/domain-format";
import { RequestError } from "@/lib/api";
import { toast } from "@/lib/toast";

// The Domains page's own toasts (the Worker never sends them, so they are not in contract/messages).
const SAVED = "Fallback URL saved";
const REMOVED = "Fallback URL removed";
const FAILED = "Failed to save the fallback URL";

/**
 * Saves a domain's fallback URL (empty: none); resolves to what is wrong with the URL, for the field to
 * say (the form's check or the API's refusal), or null: saved, or a failure that is not the URL's, toasted.
 */
export function useDomainFallback(domain: CustomDomain) {
  const { checked } = useDomainChanged();
  const mutation = useMutation({
    mutationFn: (fallbackUrl: string | null) => updateDomain(domain.id, { fallbackUrl }),
    onSuccess: (updated) => void checked(updated),
  });

  async function save(value: string): Promise<string | null> {
    if (mutation.isPending) return null;
    const problem = fallbackUrlProblem(value);
    if (problem) return problem;
    try {
      const updated = await mutation.mutateAsync(value.trim() || null);
      toast.success(updated.fallbackUrl ? SAVED : REMOVED);
      return null;
    } catch (error) {
      console.warn("Could not save the fallback URL", error);
      // The API's refusal says what is wrong with the URL.
      if (error instanceof RequestError && error.status === 400 && error.message) return error.message;
      toast.error(FAILED);
      return null;
    }
  }

  return { saving: mutation.isPending, save };
}
