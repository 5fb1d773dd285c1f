import type { CustomDomain } from "@contract/api";
import { RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useVerifyDomain } from "@/features/domains/use-verify-domain";

/** Re-checks an unverified domain; reads 'Verifying...' meanwhile. */
export function VerifyDomainButton({ domain }: { domain: CustomDomain }) {
  const { verifying, verify } = useVerifyDomain();
  return (
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
    <Button variant="outline" size="sm" aria-disabled={verifying} onClick={() => verify(domain)}>
      {verifying ? <Spinner size="sm" className="text-current" aria-hidden /> : <RefreshCwIcon aria-hidden />}
      {verifying ? "Verifying..." : "Verify"}
      <span className="sr-only"> {domain.domain}</span>
    </Button>
  );
}
