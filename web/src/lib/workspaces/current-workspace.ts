import type { Workspace } from "@contract/api";
import { WORKSPACE_MESSAGES } from "@contract/messages";
import { canEdit, canManageMembers, PERSONAL_WORKSPACE_NAME, type Role } from "@contract/workspaces";

/** What the current user may do in a workspace, as the screens ask it. */
export interface WorkspaceAbilities {
  /** Create, edit, pause, resume, promote and delete tests; domains, API keys, webhooks, alerts. */
  canEdit: boolean;
  /** Rename or delete the workspace, manage its members. */
  canManage: boolean;
}

export function abilitiesOf(role: Role): WorkspaceAbilities {
  return { canEdit: canEdit(role), canManage: canManageMembers(role) };
}

/** Where the browser remembers each user's current workspace: per user, so another sign-in starts afresh. */
export function workspaceStorageKey(userId: string): string {
  return `splitlink:workspace:${userId}`;
}

/** Makes a workspace the user's current one in this browser (read when the signed-in pages mount). */
export function rememberWorkspace(userId: string, workspaceId: string): void {
  try {
    localStorage.setItem(workspaceStorageKey(userId), workspaceId);
  } catch {
    // storage blocked: the personal workspace
  }
}

/** The user's own workspace, whose id is theirs: what the app works in until the list has loaded. */
export function personalWorkspace(userId: string): Workspace {
  return {
    id: userId,
    name: PERSONAL_WORKSPACE_NAME,
    role: "owner",
    personal: true,
    requireTwoFactor: false,
    currency: null,
  };
}

/**
 * The workspace to work in: the remembered one while the user is still in it, else the personal one
 * (the first of the list), e.g. after they were removed from the remembered one.
 */
export function pickCurrentWorkspace(
  workspaces: readonly Workspace[],
  rememberedId: string | null,
  userId: string,
): Workspace {
  const remembered = workspaces.find((workspace) => workspace.id === rememberedId);
  if (remembered) return remembered;
  return workspaces.find((workspace) => workspace.personal) ?? workspaces[0] ?? personalWorkspace(userId);
}

/** The name a screen shows, with the role for a workspace shared with others. */
export function roleLabel(role: Role): string {
  return role === "owner" ? "Owner" : role === "editor" ? "Editor" : "Viewer";
}

/** The most characters a workspace's name may have (contract/api/workspaces.ts). */
export const WORKSPACE_NAME_MAX = 60;

/** What is wrong with a typed workspace name, as the API would say it; null when it would pass. */
export function workspaceNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return WORKSPACE_MESSAGES.nameRequired;
  if (trimmed.length > WORKSPACE_NAME_MAX) return WORKSPACE_MESSAGES.nameTooLong;
  return null;
}
