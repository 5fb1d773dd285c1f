// A text only the app shows, beside its screens (contract/messages holds what the API says too).

/** What the app's workspace screens say (switcher, Settings' Workspace section, viewer notes). */
export const WORKSPACE_SCREEN_MESSAGES = {
  lostAccess: (name: string) =>
    `You no longer have access to ${name}. You are back in your personal workspace.`,
  loadFailed: "Failed to load your workspaces",
  switched: (name: string) => `Now working in ${name}`,
  /** A test's link opened in the workspace that holds it. */
  switchedForLink: (name: string) => `Switched to workspace ${name}`,
  created: (name: string) => `Workspace ${name} created`,
  createFailed: "Failed to create the workspace",
  renamed: "Workspace renamed",
  renameFailed: "Failed to rename the workspace",
  deleted: (name: string) => `Workspace ${name} deleted`,
  deleteFailed: "Failed to delete the workspace",
  deleteNameMismatch: "Type the workspace's name exactly to delete it",
  viewerNote: "You can view this workspace. Ask an owner for editor access to change it.",
  viewerCannotCreateTest:
    "You can view this workspace but not create tests in it. Ask an owner for editor access.",
} as const;
