import { Link2Icon, TrophyIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** A picture of one link fanning out to two pages; decoration, so hidden from assistive technology. */
export function SplitIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-primary/25 via-violet-400/20 to-sky-300/20 blur-2xl" />
      <div className="relative rounded-2xl border bg-card p-5 shadow-xl shadow-primary/10 sm:p-6">
        <div className="flex items-center gap-2.5 rounded-lg border bg-muted px-3 py-2.5 font-mono text-sm">
          <Link2Icon className="size-4 shrink-0 text-primary" />
          <span className="truncate">
            {/* The pre-rendered page has no window: the Worker writes the host of the visit in. */}
            <span data-request-host>{typeof window === "undefined" ? "" : window.location.host}</span>
            /r/spring-sale
          </span>
        </div>
        <svg
          aria-hidden
          viewBox="0 0 200 40"
          preserveAspectRatio="none"
          className="h-10 w-full text-primary/40"
        >
          <path
            d="M100 0 V14 Q100 20 94 20 H56 Q50 20 50 26 V40 M100 14 Q100 20 106 20 H144 Q150 20 150 26 V40"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <div className="grid grid-cols-2 gap-3">
          <VariantPreview name="Version A" conversionBar="w-[45%]" />
          <VariantPreview name="Version B" conversionBar="w-[72%]" winner />
        </div>
      </div>
    </div>
  );
}

function VariantPreview({
  name,
  conversionBar,
  winner = false,
}: {
  name: string;
  conversionBar: string;
  winner?: boolean;
}) {
  return (
    <div className={cn("rounded-xl border p-3 sm:p-4", winner && "border-success/40 bg-success-muted/50")}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-sm">{name}</span>
        {winner && <TrophyIcon className="size-4 text-success" />}
      </div>
      <p className="mt-2 font-bold text-2xl tracking-tight">50%</p>
      <div className="mt-3 space-y-1.5">
        <div className="h-2 rounded-full bg-secondary" />
        <div className="h-2 w-4/5 rounded-full bg-secondary" />
      </div>
      <div className="mt-3 h-2 rounded-full bg-secondary">
        <div className={cn("h-2 rounded-full", winner ? "bg-success" : "bg-primary/60", conversionBar)} />
      </div>
    </div>
  );
}
