import { useContext } from "react";
import type { WorkspaceAbilities } from "@/lib/workspaces/current-workspace";
import { WorkspaceContext, type WorkspaceContextValue } from "@/lib/workspaces/workspace-context";

/** The current workspace, the user's role there and what it lets them do (signed-in pages only). */
export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspace is used outside the WorkspaceProvider");
  return value;
}

const NO_ABILITIES: WorkspaceAbilities = { canEdit: false, canManage: false };

/**
 * What the user may do in the current workspace, for a control that hides itself when they may not.
 * Outside the signed-in pages (a public report that shows the same pieces) nothing may be changed.
 */
export function useWorkspaceAbilities(): WorkspaceAbilities {
  const value = useContext(WorkspaceContext);
  return value ? { canEdit: value.canEdit, canManage: value.canManage } : NO_ABILITIES;
}
