import { Link, useLocation, useParams } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { Button } from "@/components/ui/button";
import { TestDetailContent } from "@/features/test-detail/components/TestDetailContent";
import { readCreatedTest } from "@/lib/split-tests/created-test-state";

export default function TestDetailPage() {
  const { slug = "" } = useParams();
  const location = useLocation();
  const handedOver = readCreatedTest(location.state, slug);

  return (
    <div className="min-h-svh bg-muted">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 print:p-0">
        <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4 print:hidden">
          <Link to="/dashboard">← Back to Dashboard</Link>
        </Button>
        {/* A new slug is a new test: start its loading state afresh. */}
        <TestDetailContent key={slug} slug={slug} handedOver={handedOver} />
      </main>
    </div>
  );
}
