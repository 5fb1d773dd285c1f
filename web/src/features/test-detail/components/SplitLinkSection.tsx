import { TEST_MESSAGES } from "@contract/messages";
import { ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/features/test-detail/components/DetailSection";

/** The link with copy and open buttons; `children` (the QR code) go below it. */
export function SplitLinkSection({ link, children }: { link: string; children?: ReactNode }) {
  return (
    <DetailSection title="Your Split Link">
      <div className="flex items-center gap-1 rounded-lg border bg-muted py-1 pr-1 pl-3">
        <span className="min-w-0 flex-1 break-all font-mono text-sm">{link}</span>
        <CopyButton text={link} label="Copy link" successMessage={TEST_MESSAGES.linkCopied} />
        <Button asChild variant="ghost" size="icon" className="size-8">
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open link in a new tab"
            title="Open link in a new tab"
          >
            <ExternalLinkIcon aria-hidden />
          </a>
        </Button>
      </div>
      {children && <div className="mt-5">{children}</div>}
    </DetailSection>
  );
}
