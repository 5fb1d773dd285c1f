import type { TestWithStats } from "@contract/api";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { CreatedBanner } from "@/features/test-detail/components/CreatedBanner";
import { HowItWorksSection } from "@/features/test-detail/components/HowItWorksSection";
import { SplitLinkSection } from "@/features/test-detail/components/SplitLinkSection";
import { SplitUrlsSection } from "@/features/test-detail/components/SplitUrlsSection";
import { TrackerSection } from "@/features/test-detail/components/TrackerSection";
import { VariantStats } from "@/features/test-detail/components/VariantStats";
import { WinnerBadge } from "@/features/tests/components/WinnerBadge";
import { trackerSnippet } from "@/features/tests/tracker-snippet";
import { formatTimeAgo } from "@/lib/time";

interface TestDetailViewProps {
  test: TestWithStats;
  justCreated: boolean;
}

export function TestDetailView({ test, justCreated }: TestDetailViewProps) {
  return (
    <div className="grid gap-6">
      {justCreated && <CreatedBanner />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{test.name}</h1>
          <p className="mt-1 flex flex-wrap gap-x-2 text-muted-foreground text-sm">
            <time dateTime={new Date(test.createdAt).toISOString()}>{formatTimeAgo(test.createdAt)}</time>
            {test.customSlug && <span className="font-mono">/{test.customSlug}</span>}
          </p>
        </div>
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          Winner
          <WinnerBadge winner={test.stats.winner} />
        </p>
      </div>
      <VariantStats stats={test.stats} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SplitUrlsSection test={test} />
        <SplitLinkSection link={test.link} />
      </div>
      <TrackerSection snippet={trackerSnippet(test)} />
      <HowItWorksSection />
      <div>
        <Button asChild variant="outline">
          <Link to="/dashboard">View All Tests</Link>
        </Button>
      </div>
    </div>
  );
}
