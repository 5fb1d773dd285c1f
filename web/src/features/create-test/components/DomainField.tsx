import type { CustomDomain } from "@contract/api";
import { GlobeIcon } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PRODUCT_NAME } from "@/lib/product";

const DEFAULT_DOMAIN_LABEL = `Default ${PRODUCT_NAME} domain`;
/** Select items need a non-empty value; domain ids are UUIDs, so this cannot clash. */
const DEFAULT_DOMAIN_VALUE = "default";

interface DomainFieldProps {
  /** The user's verified, active domains. */
  domains: readonly CustomDomain[];
  /** The chosen domain's id; null for the default domain. */
  domainId: string | null;
  onDomainIdChange: (domainId: string | null) => void;
}

/** Where the split link lives: a select when the user has active domains, else the default domain. */
export function DomainField({ domains, domainId, onDomainIdChange }: DomainFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Domain</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="min-w-0 flex-1">
          {domains.length > 0 ? (
            <Select
              value={domainId ?? DEFAULT_DOMAIN_VALUE}
              onValueChange={(value) => onDomainIdChange(value === DEFAULT_DOMAIN_VALUE ? null : value)}
            >
              <SelectTrigger id={id}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={DEFAULT_DOMAIN_VALUE}>{DEFAULT_DOMAIN_LABEL}</SelectItem>
                {domains.map((domain) => (
                  <SelectItem key={domain.id} value={domain.id}>
                    {domain.domain}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <Input id={id} value={DEFAULT_DOMAIN_LABEL} readOnly className="bg-muted text-muted-foreground" />
          )}
        </div>
        <Button asChild variant="outline">
          <Link to="/domains">
            <GlobeIcon aria-hidden />
            Manage Domains
          </Link>
        </Button>
      </div>
    </div>
  );
}
