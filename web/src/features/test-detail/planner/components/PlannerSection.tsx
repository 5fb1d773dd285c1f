import type { TestWithStats } from "@contract/api";
import { useState } from "react";
import { TestPlanner } from "@/components/split-tests/TestPlanner";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { planDraftOfTest } from "@/features/test-detail/planner/plan-draft-of-test";

/** The planner on a test's page, started from the test's own rate and traffic so far. */
export function PlannerSection({ test }: { test: TestWithStats }) {
  const [draft, setDraft] = useState(() => planDraftOfTest(test));
  return (
    <DetailSection title="How long it takes">
      <TestPlanner
        draft={draft}
        onChange={setDraft}
        weights={test.variants.map((variant) => variant.weight)}
      />
    </DetailSection>
  );
}
