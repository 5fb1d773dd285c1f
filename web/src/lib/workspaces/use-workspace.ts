import { useContext } from "react";
import { WorkspaceContext, type WorkspaceContextValue } from "@/lib/workspaces/workspace-context";

/** The current workspace, the user's role there and what it lets them do (signed-in pages only). */
export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspace is used outside the WorkspaceProvider");
  return value;
}
