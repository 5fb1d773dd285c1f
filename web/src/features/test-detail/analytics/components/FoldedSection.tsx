import { ChevronRightIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A bordered section folded away until asked for: its summary line with a chevron, then its content. */
export function FoldedSection({
  summary,
  testId,
  children,
}: {
  summary: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <details className="group rounded-lg border" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 font-medium text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-4 transition-transform group-open:rotate-90" aria-hidden />
        {summary}
      </summary>
      {children}
    </details>
  );
}
