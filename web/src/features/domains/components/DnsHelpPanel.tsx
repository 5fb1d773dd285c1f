import { TrendingUpIcon } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EXAMPLE_DOMAIN } from "@/features/domains/cname-target";
import { CnameRecord } from "@/features/domains/components/CnameRecord";
import { LocalDomainsNote } from "@/features/domains/components/LocalDomainsNote";
import { PRODUCT_NAME } from "@/lib/product";

interface DnsHelpPanelProps {
  /** The domain the CNAME instruction is written for. */
  recordName: string;
  /** The host custom domains CNAME to; null while unknown. */
  fallbackHost: string | null;
}

/** How to point a domain at the product: the CNAME record, the waits, Verify, SSL. */
export function DnsHelpPanel({ recordName, fallbackHost }: DnsHelpPanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            How to connect your domain
          </CardTitle>
          <CardDescription>Point your domain at {PRODUCT_NAME} with one DNS record.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <ol className="grid list-decimal gap-3 pl-5 marker:font-semibold marker:text-primary">
            <li>
              {fallbackHost ? (
                <div className="grid gap-2">
                  <span>
                    At your DNS provider, add a CNAME record pointing your domain to{" "}
                    <code className="font-mono text-xs [overflow-wrap:anywhere]">{fallbackHost}</code>.
                  </span>
                  <CnameRecord name={recordName} target={fallbackHost} />
                  {recordName === EXAMPLE_DOMAIN && (
                    <span className="text-muted-foreground text-xs">
                      Use your own domain in place of {EXAMPLE_DOMAIN}.
                    </span>
                  )}
                </div>
              ) : (
                <span>
                  At your DNS provider, add a CNAME record pointing your domain to the {PRODUCT_NAME} fallback
                  host.
                </span>
              )}
            </li>
            <li>DNS changes may take 24-48 hours to propagate.</li>
            <li>Once the record is in place, press Verify next to your domain.</li>
            <li>SSL is provisioned automatically after verification.</li>
          </ol>
          <p className="flex items-start gap-2 rounded-lg bg-accent p-3 text-accent-foreground">
            <TrendingUpIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>Custom domains can improve click-through rates by up to 35%.</span>
          </p>
          <LocalDomainsNote />
        </CardContent>
      </Card>
    </section>
  );
}
