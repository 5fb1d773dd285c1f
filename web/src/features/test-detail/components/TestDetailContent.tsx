import type { TestWithStats } from "@contract/api";
import { PageTitle } from "@/components/PageTitle";
import { Spinner } from "@/components/ui/spinner";
import { TestDetailView } from "@/features/test-detail/components/TestDetailView";
import { TestNotFound } from "@/features/test-detail/components/TestNotFound";
import { useTestDetail } from "@/features/test-detail/use-test-detail";

interface TestDetailContentProps {
  slug: string;
  /** The test the create page handed over, if the visitor came from there. */
  createdTest: TestWithStats | null;
}

export function TestDetailContent({ slug, createdTest }: TestDetailContentProps) {
  const detail = useTestDetail(slug, createdTest);
  if (detail.status === "loading") {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  if (detail.status === "not-found") return <TestNotFound />;
  return (
    <>
      <PageTitle>{detail.test.name}</PageTitle>
      <TestDetailView test={detail.test} justCreated={createdTest !== null} />
    </>
  );
}
