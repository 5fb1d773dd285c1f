import { WORKSPACE_SCREEN_MESSAGES } from "@contract/messages";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { findWorkspaceOfTest } from "@/features/test-detail/api/find-workspace-of-test";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspaces/use-workspace";

/**
 * A test the current workspace does not hold may be in another of the user's (a link a teammate
 * pasted): the app switches there, keeps the test's page open and says so. "missing" when none of the
 * user's workspaces holds it (or the look-up failed): the page says the test was not found.
 */
export function useTestElsewhere(slug: string): "looking" | "missing" {
  const { workspace, switchTo } = useWorkspace();
  const lookup = useQuery({
    queryKey: queryKeys.workspaceOfTest(slug),
    queryFn: ({ signal }) => findWorkspaceOfTest(slug, signal),
  });
  const found = lookup.data;
  const elsewhere = found !== undefined && found.id !== workspace.id ? found : undefined;

  useEffect(() => {
    if (!elsewhere) return;
    toast.success(WORKSPACE_SCREEN_MESSAGES.switchedForLink(elsewhere.name), {
      id: `switched-for-${slug}`,
    });
    switchTo(elsewhere.id, `/test/${encodeURIComponent(slug)}`);
  }, [elsewhere, slug, switchTo]);

  return lookup.isPending || elsewhere ? "looking" : "missing";
}
