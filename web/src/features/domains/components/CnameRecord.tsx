import { DOMAIN_MESSAGES } from "@contract/messages";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cnameInstruction } from "@/features/domains/cname-target";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard";

interface CnameRecordProps {
  /** The domain the record is for. */
  name: string;
  /** The host it points to. */
  target: string;
}

/** The CNAME instruction as one line, with a button that copies it. */
export function CnameRecord({ name, target }: CnameRecordProps) {
  const instruction = cnameInstruction(name, target);
  const { copied, copy } = useCopyToClipboard(DOMAIN_MESSAGES.cnameCopied);
  return (
    <div className="flex items-center gap-2 rounded-md border bg-muted py-1.5 pr-1.5 pl-3">
      <code className="min-w-0 flex-1 font-mono [overflow-wrap:anywhere] text-foreground text-xs">
        {instruction}
      </code>
      <Button variant="outline" size="sm" className="h-8" onClick={() => copy(instruction)}>
        {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
        {copied ? "Copied!" : "Copy"}
        <span className="sr-only"> CNAME record</span>
      </Button>
    </div>
  );
}
