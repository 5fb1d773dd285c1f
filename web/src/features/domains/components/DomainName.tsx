import { Fragment } from "react";
import { cn } from "@/lib/utils";

/** A domain name that, when it must wrap, wraps after a dot rather than inside a label. */
export function DomainName({ domain, className }: { domain: string; className?: string }) {
  const labels = domain.split(".");
  return (
    <span className={cn("font-medium [overflow-wrap:anywhere]", className)}>
      {labels.map((label, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: labels repeat ("a.a.com"); the position is the identity.
        <Fragment key={index}>
          {index > 0 && (
            <>
              .<wbr />
            </>
          )}
          {label}
        </Fragment>
      ))}
    </span>
  );
}
