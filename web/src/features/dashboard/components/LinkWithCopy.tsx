import { SplitLinkText } from "@/features/tests/components/SplitLinkText";
import { CopyButton } from "@/features/tests/components/CopyButton";

/** The split link, cut to `maxLength` characters, with a button that copies all of it. */
export function LinkWithCopy({ link, maxLength }: { link: string; maxLength: number }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <SplitLinkText link={link} maxLength={maxLength} className="min-w-0 break-all" />
      <CopyButton text={link} label="Copy link" />
    </div>
  );
}
