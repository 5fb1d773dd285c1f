import type { TestWithStats } from "@contract/api";
import { lazy, Suspense, useRef } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useTestAnalytics } from "@/features/test-detail/analytics/use-test-analytics";
import { BreakdownsSection } from "@/features/test-detail/breakdowns/components/BreakdownsSection";
import { AnalyticsSection } from "@/features/test-detail/components/AnalyticsSection";
import { CreatedBanner } from "@/features/test-detail/components/CreatedBanner";
import { ExportSection } from "@/features/test-detail/components/ExportSection";
import { HowItWorksSection } from "@/features/test-detail/components/HowItWorksSection";
import { LinkStats } from "@/features/test-detail/components/LinkStats";
import { PhasesSection } from "@/features/test-detail/components/PhasesSection";
import { SplitLinkSection } from "@/features/test-detail/components/SplitLinkSection";
import { SplitUrlsSection } from "@/features/test-detail/components/SplitUrlsSection";
import { StartNotice } from "@/features/test-detail/components/StartNotice";
import { TagsSection } from "@/features/test-detail/components/TagsSection";
import { TestDetailHeader } from "@/features/test-detail/components/TestDetailHeader";
import { VariantStats } from "@/features/test-detail/components/VariantStats";
import { EndSection } from "@/features/test-detail/end/components/EndSection";
import { HistorySection } from "@/features/test-detail/history/components/HistorySection";
import { LifecycleNotice } from "@/features/test-detail/lifecycle/components/LifecycleNotice";
import { MetricsSection } from "@/features/test-detail/metrics/components/MetricsSection";
import { PasswordSection } from "@/features/test-detail/password/components/PasswordSection";
import { PlannerSection } from "@/features/test-detail/planner/components/PlannerSection";
import { RulesSection } from "@/features/test-detail/rules/components/RulesSection";
import { SetupSection } from "@/features/test-detail/tracking/components/SetupSection";
import { TrackingSection } from "@/features/test-detail/tracking/components/TrackingSection";

// The QR encoder loads only when a test is shown.
const QrCode = lazy(() => import("@/features/test-detail/qr-code/components/QrCode"));

interface TestDetailViewProps {
  test: TestWithStats;
  justCreated: boolean;
}

/**
 * The test page's sections. A test just created shows its split link and its tag first, under its
 * heading: what its owner does next. Each reads its own query (under the test's key, lib/query-keys.ts); a change
 * made in one section refreshes them all through the cache (use-test-changed).
 */
export function TestDetailView({ test, justCreated }: TestDetailViewProps) {
  const { state: analyticsState, retry, refresh } = useTestAnalytics(test.slug);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const analytics = analyticsState.status === "ready" ? analyticsState.analytics : null;
  // A plain link compares nothing: its counts, no statistics, planner or breakdowns (issue #49).
  const link = test.kind === "link";

  function handleLifecycleChange(updated: TestWithStats | null) {
    // Promoting removes the controls, the focused one too: keep keyboard focus on the page.
    if (updated?.status === "completed") setTimeout(() => headingRef.current?.focus(), 0);
  }

  const splitLink = (
    <SplitLinkSection link={test.link}>
      <Suspense fallback={<Spinner />}>
        <QrCode link={test.link} slug={test.slug} />
      </Suspense>
    </SplitLinkSection>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      {/* Printed, the page is the results alone (web/src/index.css): the header, the numbers, the chart. */}
      {justCreated && (
        <div className="contents print:hidden">
          <CreatedBanner />
        </div>
      )}
      <TestDetailHeader
        test={test}
        analytics={analytics}
        onLifecycleChange={handleLifecycleChange}
        headingRef={headingRef}
      />
      {justCreated && (
        // What a new test's owner does next: share the link and put the tag on the site.
        <div className="contents print:hidden">
          {splitLink}
          <TrackingSection test={test} />
        </div>
      )}
      <LifecycleNotice test={test} />
      <StartNotice test={test} />
      {link ? <LinkStats test={test} /> : <VariantStats test={test} analytics={analytics} />}
      <div className="contents print:hidden">
        <PhasesSection test={test} phases={analytics?.phases ?? null} />
      </div>
      {!link && <AnalyticsSection test={test} state={analyticsState} onRetry={retry} onRefresh={refresh} />}
      <div className="contents print:hidden">
        {!link && <BreakdownsSection slug={test.slug} variants={test.variants} metrics={test.metrics} />}
        {!link && <PlannerSection test={test} />}
        {justCreated ? (
          <SplitUrlsSection test={test} />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <SplitUrlsSection test={test} />
            {splitLink}
          </div>
        )}
        <TagsSection key={test.tags.join("\n")} test={test} />
        <RulesSection test={test} visits={analytics?.ruleVisits ?? null} />
        <PasswordSection test={test} />
        <EndSection test={test} />
        <MetricsSection test={test} />
        <SetupSection test={test} />
        {!justCreated && <TrackingSection test={test} />}
        <ExportSection testId={test.id} />
        <HistorySection slug={test.slug} />
        {!link && <HowItWorksSection variants={test.variants} />}
        <div>
          <Button asChild variant="outline">
            <Link to="/dashboard">View All Tests</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
