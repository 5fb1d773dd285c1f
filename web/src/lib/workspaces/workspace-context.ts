import type { Workspace } from "@contract/api";
import type { Role } from "@contract/workspaces";
import { createContext } from "react";
import type { WorkspaceAbilities } from "@/lib/workspaces/current-workspace";

export interface WorkspaceContextValue extends WorkspaceAbilities {
  /** The workspace every call works in. */
  workspace: Workspace;
  role: Role;
  /** Every workspace the user belongs to, the personal one first. */
  workspaces: readonly Workspace[];
  /**
   * Works in another workspace from now on: forgets every loaded answer and opens the dashboard, or
   * the page `to` names (in place of the current entry of the browser's history).
   */
  switchTo: (workspaceId: string, to?: string) => void;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);
