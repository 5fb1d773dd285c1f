import { FlaskConicalIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";

/** The empty dashboard: a viewer has no way to create the first test, so no button either. */
export function NoTestsYet({ canCreate }: { canCreate: boolean }) {
  return (
    <section className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center sm:py-20">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <FlaskConicalIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-semibold text-lg">No split tests yet</h2>
      <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
        {canCreate ? "Create your first split test to start optimizing" : "This workspace has no tests yet"}
      </p>
      {canCreate && (
        <Button asChild className="mt-6">
          <Link to="/create-test">
            <PlusIcon aria-hidden />
            Create Your First Test
          </Link>
        </Button>
      )}
    </section>
  );
}
