import { GlobeIcon, PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Without onAddDomain (email not verified yet) the button shows, disabled; a viewer has none. */
export function NoDomainsYet({ onAddDomain, canAdd = true }: { onAddDomain?: () => void; canAdd?: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center sm:py-20">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <GlobeIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 font-semibold text-lg">No custom domains yet</h2>
      <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
        Serve your split links from a domain your visitors recognise.
      </p>
      {canAdd && (
        <Button className="mt-6" aria-haspopup="dialog" onClick={onAddDomain} disabled={!onAddDomain}>
          <PlusIcon aria-hidden />
          Add Your First Domain
        </Button>
      )}
    </div>
  );
}
