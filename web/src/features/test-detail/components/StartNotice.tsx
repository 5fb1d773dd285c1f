import type { TestWithStats } from "@contract/api";
import { CalendarClockIcon } from "lucide-react";

const when = new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "short" });

/**
 * Before its start date (issue #49): when the link starts, and where it sends visitors until then,
 * which is why nothing is counted yet.
 */
export function StartNotice({ test }: { test: TestWithStats }) {
  if (!test.startsAt || Date.parse(test.startsAt) <= Date.now() || test.status === "completed") return null;
  const before = test.beforeUrl ?? test.variants[0]?.url ?? "";
  return (
    <p className="flex items-start gap-2 rounded-xl border border-dashed bg-card px-4 py-3 text-sm">
      <CalendarClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-medium">Starts on {when.format(new Date(test.startsAt))}.</span> Until then
        everyone goes to <span className="break-all">{before}</span> and nothing is counted.
      </span>
    </p>
  );
}
