import type { TestWithStats } from "@contract/api";
import { ChevronDownIcon } from "lucide-react";
import { useId, useState } from "react";
import { TagChips } from "@/components/split-tests/TagChip";
import { TestStatusBadge } from "@/components/split-tests/TestStatusBadge";
import { WinnerBadge } from "@/components/split-tests/WinnerBadge";
import { ArmClicks } from "@/features/dashboard/components/ArmClicks";
import { ArmConversionRates } from "@/features/dashboard/components/ArmConversionRates";
import { ArmRevenuePerVisitor } from "@/features/dashboard/components/ArmRevenuePerVisitor";
import { ArmStatsList } from "@/features/dashboard/components/ArmStatsList";
import { LinkWithCopy } from "@/features/dashboard/components/LinkWithCopy";
import { TestActions } from "@/features/dashboard/components/TestActions";
import { TestMeta } from "@/features/dashboard/components/TestMeta";
import { useTags } from "@/lib/split-tests/tags";
import { cn } from "@/lib/utils";

/** Link text on narrow screens is cut to this many characters. */
const LINK_MAX_LENGTH = 24;

/**
 * One test under 768 px: name, status, winner and confidence; the rest behind a toggle. Past two variants
 * the clicks and rates become a line per variant.
 */
export function TestCard({
  test,
  onDelete,
}: {
  test: TestWithStats;
  /** Absent where the user may not delete (a viewer). */
  onDelete?: (test: TestWithStats) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const { colourOf } = useTags();
  const detailsId = useId();
  const { arms } = test.stats;
  const manyArms = arms.length > 2;

  return (
    <li className="rounded-xl border bg-card shadow-sm">
      {/* The toggle's click area covers the whole header (its ::after); the confidence badge sits above it. */}
      <div className="relative flex items-start gap-3 p-4">
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex min-w-0 items-center gap-2">
            <button
              type="button"
              className="min-w-0 cursor-pointer truncate text-left font-medium outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              onClick={() => setExpanded((current) => !current)}
            >
              {test.name}
            </button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <TestStatusBadge test={test} />
            <WinnerBadge test={test} />
          </div>
          <TagChips tags={test.tags} colourOf={colourOf} />
        </div>
        <ChevronDownIcon
          className={cn(
            "mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform",
            expanded && "rotate-180",
          )}
          aria-hidden
        />
      </div>
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
            {!manyArms && (
              <>
                <dt className="text-muted-foreground">Clicks A/B</dt>
                <dd>
                  <ArmClicks arms={arms} />
                </dd>
                <dt className="text-muted-foreground">Conv. Rate</dt>
                <dd>
                  <ArmConversionRates arms={arms} />
                </dd>
              </>
            )}
            {test.primaryMetric === "revenue_per_visitor" && (
              <>
                <dt className="text-muted-foreground">Revenue</dt>
                <dd>
                  <ArmRevenuePerVisitor arms={arms} currency={test.currency} />
                </dd>
              </>
            )}
          </dl>
          {manyArms && <ArmStatsList arms={arms} variants={test.variants} />}
          <TestActions test={test} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}
