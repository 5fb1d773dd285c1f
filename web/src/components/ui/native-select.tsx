import { ChevronDownIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * The browser's own select, styled like Input: for the many small choices of a list editor, where the
 * platform's picker (a wheel on phones) beats a popover.
 */
function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <span className={cn("relative flex min-w-0", className)}>
      <select
        data-slot="native-select"
        className="h-10 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-background py-2 pr-8 pl-3 text-base shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        {...props}
      />
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-60"
        aria-hidden
      />
    </span>
  );
}

export { NativeSelect };
