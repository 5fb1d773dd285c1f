import { SplitIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { PRODUCT_NAME } from "@/lib/product";
import { cn } from "@/lib/utils";

export function ProductLogo({ to = "/", className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-bold text-foreground text-lg tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <SplitIcon className="size-4.5 rotate-90" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
