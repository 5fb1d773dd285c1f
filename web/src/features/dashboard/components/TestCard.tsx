import type { TestWithStats } from "@contract/api";
import { ChevronDownIcon } from "lucide-react";
import { useId, useState } from "react";
import { ClicksPair } from "@/features/dashboard/components/ClicksPair";
import { ConversionRatePair } from "@/features/dashboard/components/ConversionRatePair";
import { LinkWithCopy } from "@/features/dashboard/components/LinkWithCopy";
import { TestActions } from "@/features/dashboard/components/TestActions";
import { TestMeta } from "@/features/dashboard/components/TestMeta";
import { WinnerBadge } from "@/features/tests/components/WinnerBadge";
import { cn } from "@/lib/utils";

/** Link text on narrow screens is cut to this many characters. */
const LINK_MAX_LENGTH = 24;

/** One test under 768 px: name and winner, the rest behind a toggle. */
export function TestCard({
  test,
  onDelete,
}: {
  test: TestWithStats;
  onDelete: (test: TestWithStats) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();

  return (
    <li className="rounded-xl border bg-card shadow-sm">
      <button
        type="button"
        className="flex w-full cursor-pointer items-center gap-3 rounded-xl p-4 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined}
        onClick={() => setExpanded((current) => !current)}
      >
        <span className="min-w-0 flex-1 truncate font-medium">{test.name}</span>
        <WinnerBadge winner={test.stats.winner} />
        <ChevronDownIcon
          className={cn(
            "size-4 shrink-0 text-muted-foreground transition-transform",
            expanded && "rotate-180",
          )}
          aria-hidden
        />
      </button>
      {expanded && (
        <div id={detailsId} className="grid gap-3 border-t px-4 pt-3 pb-4 text-sm">
          <TestMeta test={test} />
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
            <dt className="text-muted-foreground">Redirect Link</dt>
            <dd className="min-w-0">
              <LinkWithCopy
                link={test.link}
                maxLength={LINK_MAX_LENGTH}
                textClassName="whitespace-normal break-all"
              />
            </dd>
            <dt className="text-muted-foreground">Clicks A/B</dt>
            <dd>
              <ClicksPair stats={test.stats} />
            </dd>
            <dt className="text-muted-foreground">Conv. Rate</dt>
            <dd>
              <ConversionRatePair stats={test.stats} />
            </dd>
          </dl>
          <TestActions test={test} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}
