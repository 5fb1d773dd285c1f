import { ANALYTICS_MESSAGES } from "@contract/messages";
import { ChartLineIcon } from "lucide-react";

/** No visitor on any variant yet; the breakdowns say it in their own words. */
export function AnalyticsEmpty({ message = ANALYTICS_MESSAGES.noData }: { message?: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <ChartLineIcon className="size-6" aria-hidden />
      </span>
      <p className="mt-4 max-w-sm text-muted-foreground text-sm">{message}</p>
    </div>
  );
}
