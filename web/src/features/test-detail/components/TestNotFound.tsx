import { SearchXIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";

export function TestNotFound() {
  return (
    <section className="flex flex-col items-center rounded-xl border bg-card px-6 py-14 text-center shadow-sm sm:py-20">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive-muted text-destructive">
        <SearchXIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 font-semibold text-xl tracking-tight">Test Not Found</h1>
      <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
        The test you're looking for doesn't exist.
      </p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">Return to Dashboard</Link>
      </Button>
    </section>
  );
}
