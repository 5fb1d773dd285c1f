import { useEffect } from "react";
import { Link, Navigate } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateTestForm } from "@/features/create-test/components/CreateTestForm";
import { toast } from "@/lib/toast";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

export default function CreateTestPage() {
  const { canEdit } = useWorkspaceAbilities();
  if (!canEdit) return <ViewerCannotCreate />;
  return (
    <div className="min-h-svh bg-muted">
      <AppHeader />
      <PageTitle>Create a New Split Test</PageTitle>
      <main className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
        <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
          <Link to="/dashboard">← Back to Dashboard</Link>
        </Button>
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-2xl">
              <h1>Create a New Split Test</h1>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <CreateTestForm />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

/** A viewer who opens /create-test (a bookmark, a link) goes to the dashboard and is told why. */
function ViewerCannotCreate() {
  useEffect(() => {
    toast.error(WORKSPACE_SCREEN_MESSAGES.viewerCannotCreateTest, { id: "viewer-cannot-create-test" });
  }, []);
  return <Navigate to="/dashboard" replace />;
}
