import { CopyButton } from "@/components/split-tests/CopyButton";
import { SplitLinkText } from "@/features/dashboard/components/SplitLinkText";
import { cn } from "@/lib/utils";

interface LinkWithCopyProps {
  link: string;
  maxLength: number;
  /** Extra classes for the link text, e.g. to let it wrap where space is short. */
  textClassName?: string;
}

/** The split link, cut to `maxLength` characters, with a button that copies all of it. */
export function LinkWithCopy({ link, maxLength, textClassName }: LinkWithCopyProps) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <SplitLinkText
        link={link}
        maxLength={maxLength}
        className={cn("min-w-0 whitespace-nowrap", textClassName)}
      />
      <CopyButton text={link} label="Copy link" />
    </div>
  );
}
