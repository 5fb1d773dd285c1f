import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { addDomain } from "@/features/domains/api/add-domain";
import { domainProblem } from "@/features/domains/domain-format";
import { useAuth } from "@/lib/auth/use-auth";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** Checks and adds a domain with the specification's toasts; resolves to whether it was added. */
export function useAddDomain(onAdded: (domain: CustomDomain) => void) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);

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

    setBusy(true);
    try {
      const added = await addDomain({ domain });
      toast.success(DOMAIN_MESSAGES.added);
      onAdded(added);
      return true;
    } catch (error) {
      console.warn("Could not add the domain", error);
      toast.error(serverMessage(error) ?? DOMAIN_MESSAGES.addFailed);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, add };
}
