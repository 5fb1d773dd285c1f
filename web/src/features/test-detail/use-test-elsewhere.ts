import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { findWorkspaceOfTest } from "@/features/test-detail/api/find-workspace-of-test";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspaces/use-workspace";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/**
 * A test the current workspace does not hold may be in another of the user's (a link a teammate
 * pasted): the app switches there, keeps the test's page open and says so. "missing" when none of the
 * user's workspaces holds it (or the look-up failed): the page says the test was not found.
 */
export function useTestElsewhere(slug: string): "looking" | "missing" {
  const { workspace, workspaces, switchTo } = useWorkspace();
  const queryClient = useQueryClient();
  const lookup = useQuery({
    queryKey: queryKeys.workspaceOfTest(slug),
    queryFn: ({ signal }) => findWorkspaceOfTest(slug, signal),
  });
  const found = lookup.data;
  const elsewhere = found !== undefined && found.id !== workspace.id ? found : undefined;
  // Joined since the app loaded the list (an invitation accepted in another tab): load it again first,
  // since a switch to a workspace the list does not name falls back to the personal one.
  const known = elsewhere !== undefined && workspaces.some((each) => each.id === elsewhere.id);
  const [listReloaded, setListReloaded] = useState(false);

  useEffect(() => {
    if (!elsewhere || known || listReloaded) return;
    void queryClient
      .invalidateQueries({ queryKey: queryKeys.workspaces })
      .finally(() => setListReloaded(true));
  }, [elsewhere, known, listReloaded, queryClient]);

  useEffect(() => {
    if (!elsewhere || !known) return;
    toast.success(WORKSPACE_SCREEN_MESSAGES.switchedForLink(elsewhere.name), {
      id: `switched-for-${slug}`,
    });
    switchTo(elsewhere.id, `/test/${encodeURIComponent(slug)}`);
  }, [elsewhere, known, slug, switchTo]);

  if (lookup.isPending) return "looking";
  if (elsewhere && (known || !listReloaded)) return "looking";
  return "missing";
}
