import type { CustomDomain } from "@contract/api";
import { LockIcon, TriangleAlertIcon } from "lucide-react";
import { isDomainVerified } from "@/features/domains/domain-status";

/** Under an unverified domain: the last check's message, certificate progress, and advice on an error. */
export function DomainStatusNotes({ domain }: { domain: CustomDomain }) {
  if (isDomainVerified(domain)) return null;
  const provisioning = domain.validationToken !== null && domain.status !== "error";
  return (
    <div className="mt-1 grid gap-1 text-xs">
      {domain.verificationMessage && <p className="text-muted-foreground">{domain.verificationMessage}</p>}
      {provisioning && (
        <p className="flex items-start gap-1.5 text-warning-foreground">
          <LockIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>
            <span>SSL certificate is being provisioned</span> <span>(this can take up to 24 hours).</span>
          </span>
        </p>
      )}
      {domain.status === "error" && (
        <p className="flex items-start gap-1.5 text-destructive">
          <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>Check your DNS settings and add the required CNAME record, then press Verify again.</span>
        </p>
      )}
    </div>
  );
}
