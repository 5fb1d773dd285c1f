import { cn } from "@/lib/utils";

interface SplitLinkTextProps {
  link: string;
  /** Longer links are cut to this many characters; the full link is in the tooltip and for screen readers. */
  maxLength: number;
  className?: string;
}

export function SplitLinkText({ link, maxLength, className }: SplitLinkTextProps) {
  const truncated = link.length > maxLength;
  return (
    <span className={cn("font-mono text-xs", className)} title={link}>
      {truncated ? (
        <>
          <span aria-hidden>{`${link.slice(0, maxLength)}...`}</span>
          <span className="sr-only">{link}</span>
        </>
      ) : (
        link
      )}
    </span>
  );
}
