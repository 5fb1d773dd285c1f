import type { TestWithStats } from "@contract/api";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { PageTitle } from "@/components/PageTitle";
import { Spinner } from "@/components/ui/spinner";
import { TestDetailView } from "@/features/test-detail/components/TestDetailView";
import { TestNotFound } from "@/features/test-detail/components/TestNotFound";
import { useTestDetail } from "@/features/test-detail/use-test-detail";
import { useTestElsewhere } from "@/features/test-detail/use-test-elsewhere";

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" />
    </div>
  );
}

/** Not in the current workspace: in another of the user's (then it opens there), or nowhere they may see. */
function NotInThisWorkspace({ slug }: { slug: string }) {
  return useTestElsewhere(slug) === "looking" ? <Loading /> : <TestNotFound />;
}

interface TestDetailContentProps {
  slug: string;
  /** The test the create page handed over, if the visitor came from there. */
  handedOver: TestWithStats | null;
}

export function TestDetailContent({ slug, handedOver }: TestDetailContentProps) {
  const createdTest = useHandOverOnce(handedOver);
  const detail = useTestDetail(slug, createdTest);
  if (detail.status === "loading") return <Loading />;
  if (detail.status === "not-found") return <NotInThisWorkspace slug={slug} />;
  return (
    <>
      <PageTitle>{detail.test.name}</PageTitle>
      <TestDetailView test={detail.test} justCreated={createdTest !== null} />
    </>
  );
}

/**
 * The create page's test, for this arrival only: the browser keeps a page's history state across a
 * reload and a return, where the test as it was created (its banner, its zero counts) would be stale.
 */
function useHandOverOnce(handedOver: TestWithStats | null): TestWithStats | null {
  const [createdTest] = useState(handedOver);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (createdTest) navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [createdTest, navigate, pathname, search, hash]);
  return createdTest;
}
