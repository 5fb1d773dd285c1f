import type { TestWithStats } from "@contract/api";
import { GlobeIcon, PlusIcon, UploadIcon } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { VerifyEmailBanner } from "@/components/auth/VerifyEmailBanner";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { NoTestsYet } from "@/features/dashboard/components/NoTestsYet";
import { TestList } from "@/features/dashboard/components/TestList";
import { useTestList } from "@/features/dashboard/use-test-list";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

export default function DashboardPage() {
  const { tests, loading, removeTest } = useTestList();
  const { canEdit } = useWorkspaceAbilities();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function handleDelete(test: TestWithStats) {
    void removeTest(test);
    // The Delete button that opened the dialog leaves with its row: keep keyboard focus on the page.
    setTimeout(() => headingRef.current?.focus(), 0);
  }

  return (
    <div className="min-h-svh bg-muted">
      <AppHeader />
      <PageTitle>Dashboard</PageTitle>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6 empty:hidden">
          <VerifyEmailBanner />
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="font-bold text-2xl tracking-tight outline-none sm:text-3xl"
            >
              Your Split Tests
            </h1>
            <p className="mt-1 text-muted-foreground">
              {canEdit ? "Create and manage your A/B tests" : "The A/B tests of this workspace"}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button asChild variant="outline">
              <Link to="/domains">
                <GlobeIcon aria-hidden />
                Manage Domains
              </Link>
            </Button>
            {canEdit && (
              <Button asChild variant="outline">
                <Link to="/import">
                  <UploadIcon aria-hidden />
                  Import links
                </Link>
              </Button>
            )}
            {canEdit && (
              <Button asChild>
                <Link to="/create-test">
                  <PlusIcon aria-hidden />
                  Create New Test
                </Link>
              </Button>
            )}
          </div>
        </div>
        {!canEdit && <ViewerNote className="mt-6" />}
        <div className="mt-8">
          {loading ? (
            <div className="flex justify-center py-16">
              <Spinner size="lg" />
            </div>
          ) : tests.length === 0 ? (
            <NoTestsYet canCreate={canEdit} />
          ) : (
            <TestList tests={tests} canEdit={canEdit} onDelete={canEdit ? handleDelete : undefined} />
          )}
        </div>
      </main>
    </div>
  );
}
