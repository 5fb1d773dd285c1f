import type { TestAnalytics, TestWithStats } from "@contract/api";
import type { Ref } from "react";
import { TestStatusBadge } from "@/components/split-tests/TestStatusBadge";
import { standingOf } from "@/features/test-detail/analytics/reading";
import { StandingBadge } from "@/features/test-detail/components/StandingBadge";
import { LifecycleControls } from "@/features/test-detail/lifecycle/components/LifecycleControls";
import { leadingVariant } from "@/features/test-detail/lifecycle/leading-variant";
import { ShareDialog } from "@/features/test-detail/share/components/ShareDialog";
import { customPathLabel } from "@/lib/split-tests/link-paths";
import { formatTimeAgo } from "@/lib/time";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

interface TestDetailHeaderProps {
  test: TestWithStats;
  /** The test's analytics once loaded: its verdict decides who is the winner. */
  analytics: TestAnalytics | null;
  onLifecycleChange: (test: TestWithStats | null) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Name, status, when it was created, the winner or the version ahead, and the lifecycle controls. */
export function TestDetailHeader({ test, analytics, onLifecycleChange, headingRef }: TestDetailHeaderProps) {
  const { canEdit } = useWorkspaceAbilities();
  const standing = standingOf(test, analytics);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="min-w-0 break-words font-bold text-2xl tracking-tight outline-none sm:text-3xl"
          >
            {test.name}
          </h1>
          {/* Announced when it changes: pausing, resuming and promoting all end here. */}
          <span aria-live="polite" className="flex">
            <span className="sr-only">Status: </span>
            <TestStatusBadge test={test} />
          </span>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-2 text-muted-foreground text-sm">
          <time dateTime={new Date(test.createdAt).toISOString()}>{formatTimeAgo(test.createdAt)}</time>
          {test.customSlug && <span className="font-mono">{customPathLabel(test)}</span>}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:items-end">
        {test.kind !== "link" && (
          <p className="flex items-center gap-2 text-muted-foreground text-sm" data-standing={standing.kind}>
            <StandingBadge standing={standing} variants={test.variants} />
          </p>
        )}
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <ShareDialog test={test} canChange={canEdit} />
          <LifecycleControls
            test={test}
            leading={leadingVariant(standing)}
            decided={standing.kind === "winner"}
            onChanged={onLifecycleChange}
          />
        </div>
      </div>
    </div>
  );
}
