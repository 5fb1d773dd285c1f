import { TEST_MESSAGES } from "@contract/messages";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard";
import { cn } from "@/lib/utils";

interface CopyButtonProps {
  text: string;
  /** The button has only an icon: this names it for screen readers and shows as its tooltip. */
  label: string;
  successMessage?: string;
  className?: string;
}

/** An icon button that copies `text`; its icon turns into a check for 2 seconds. */
export function CopyButton({
  text,
  label,
  successMessage = TEST_MESSAGES.copied,
  className,
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard(successMessage);
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", className)}
      aria-label={label}
      title={label}
      onClick={() => copy(text)}
    >
      {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
    </Button>
  );
}
