import { WebhookIcon } from "lucide-react";
import type { ReactNode } from "react";

export function NoWebhooksYet({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <WebhookIcon className="size-7" aria-hidden />
      </span>
      <h3 className="mt-5 font-semibold text-lg">No webhook endpoints yet</h3>
      <p className="mt-1.5 mb-6 max-w-sm text-muted-foreground text-sm">
        Add one to hear about verdicts, finished tests and conversions the moment they happen, in your own
        tools.
      </p>
      {children}
    </div>
  );
}
