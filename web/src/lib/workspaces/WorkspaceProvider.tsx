import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { onWorkspaceGone, setRequestWorkspace } from "@/lib/api";
import { getTwoFactorStatus } from "@/lib/auth/api/two-factor-status";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { listWorkspaces } from "@/lib/workspaces/api/list-workspaces";
import {
  abilitiesOf,
  personalWorkspace,
  pickCurrentWorkspace,
  rememberWorkspace,
  workspaceStorageKey,
} from "@/lib/workspaces/current-workspace";
import { TwoFactorRequiredScreen } from "@/lib/workspaces/TwoFactorRequiredScreen";
import { WorkspaceContext, type WorkspaceContextValue } from "@/lib/workspaces/workspace-context";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/** What a switch keeps: the session and the list of workspaces, which do not depend on the workspace. */
function isKeptOnSwitch(queryKey: QueryKey): boolean {
  return queryKey[0] === queryKeys.session[0] || queryKey[0] === queryKeys.workspaces[0];
}

function readRemembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the personal workspace
  }
}

function reportLoadFailure(error: Error) {
  console.warn("Could not load the workspaces", error);
  toast.error(WORKSPACE_SCREEN_MESSAGES.loadFailed);
}

/**
 * Keeps the current workspace of a signed-in user: remembered per user in this browser, the personal
 * one when the remembered one is not in the list (any more). Every API call names it; when the API
 * answers that the user is no longer in it, the app goes back to the personal workspace and says why.
 */
export function WorkspaceProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const storageKey = workspaceStorageKey(userId);
  const [rememberedId, setRememberedId] = useState(() => readRemembered(storageKey));
  const list = useQuery({
    queryKey: queryKeys.workspaces,
    queryFn: ({ signal }) => listWorkspaces(signal),
  });
  useQueryFailure(list, reportLoadFailure);

  // Without the list (it failed), the personal workspace still works: the user owns it from sign-up.
  const workspaces = useMemo(() => list.data?.workspaces ?? [personalWorkspace(userId)], [list.data, userId]);
  const workspace = pickCurrentWorkspace(workspaces, rememberedId, userId);
  // Set while rendering, not in an effect: the pages' queries start in their own effects, which run
  // before this component's.
  setRequestWorkspace(workspace.id);
  useEffect(() => () => setRequestWorkspace(undefined), []);

  const switchTo = useCallback(
    (workspaceId: string, to?: string) => {
      rememberWorkspace(userId, workspaceId);
      setRememberedId(workspaceId);
      setRequestWorkspace(workspaceId);
      void queryClient.cancelQueries({ predicate: (query) => !isKeptOnSwitch(query.queryKey) });
      queryClient.removeQueries({ predicate: (query) => !isKeptOnSwitch(query.queryKey) });
      // A page opened in another workspace (a test's link) stays open, in place of its first try.
      if (to) navigate(to, { replace: true });
      else navigate("/dashboard");
    },
    [navigate, queryClient, userId],
  );

  const current = useRef({ workspace, workspaces, switchTo });
  current.current = { workspace, workspaces, switchTo };
  useEffect(
    () =>
      onWorkspaceGone((goneId) => {
        const { workspace: now, workspaces: known, switchTo: switchNow } = current.current;
        if (goneId !== now.id || now.personal) return;
        toast.error(WORKSPACE_SCREEN_MESSAGES.lostAccess(now.name), { id: `workspace-gone-${goneId}` });
        switchNow(known.find((each) => each.personal)?.id ?? userId);
        void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces });
      }),
    [queryClient, userId],
  );

  const value = useMemo<WorkspaceContextValue>(
    () => ({ workspace, role: workspace.role, workspaces, switchTo, ...abilitiesOf(workspace.role) }),
    [workspace, workspaces, switchTo],
  );

  // A workspace that requires two-factor sign-in of a member without it (the API answers 403
  // two_factor_required there): a screen that sends them to set it up, everywhere but Settings.
  const secondFactor = useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    enabled: workspace.requireTwoFactor,
  });
  const onSettings = useLocation().pathname.startsWith("/settings");
  const blocked = workspace.requireTwoFactor && secondFactor.data?.enabled === false && !onSettings;

  if (list.isPending) return <FullScreenSpinner />;
  return (
    <WorkspaceContext.Provider value={value}>
      {/* A new workspace mounts every page afresh: nothing shown comes from the one before. */}
      <Fragment key={workspace.id}>{blocked ? <TwoFactorRequiredScreen /> : children}</Fragment>
    </WorkspaceContext.Provider>
  );
}
