// Workspaces, roles and who may do what (issue #34): the Worker enforces these, the web shows them.

/** The cookie API works in the workspace this header names; absent, in the user's personal workspace. */
export const WORKSPACE_HEADER = "SplitLink-Workspace";

/** Each user's own workspace from sign-up; its id is the user's id. */
export const PERSONAL_WORKSPACE_NAME = "Personal";

/**
 * A download link cannot send a header: it names its workspace in this query parameter instead. Reads
 * only (GET); the caller's membership is checked the same way.
 */
export const WORKSPACE_QUERY = "workspace";

/** owner: everything, members, delete the workspace; editor: tests, domains, keys, webhooks; viewer: reads. */
export const ROLES = ["owner", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** What an API key may do: read answers every GET, write everything its workspace's editor may. */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * Why SplitLink revoked an API key (not a click on the card): a password reset (or a change that chose
 * so), or its maker's removal, leaving, or demotion in the key's workspace.
 */
export const API_KEY_REVOCATION_REASONS = [
  "password_reset",
  "password_changed",
  "member_removed",
  "member_left",
  "member_demoted",
] as const;
export type ApiKeyRevocationReason = (typeof API_KEY_REVOCATION_REASONS)[number];

/** How long since the password was last entered a sensitive action still accepts (issue #45, point 3). */
export const RECENT_PASSWORD_MS = 10 * 60 * 1000;

/** Who made a change in the history. */
export const ACTOR_TYPES = ["user", "api_key", "autopilot"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** The workspace a request works in and the caller's role there (an API key: editor or viewer by scope). */
export interface WorkspaceAccess {
  id: string;
  role: Role;
}

/** Who is acting on a request: a signed-in user, an API key, or the autopilot's cron. */
export interface Actor {
  type: ActorType;
  /** The user, for a user or the user who made the API key. */
  userId?: string;
  /** The user's email or the API key's name. */
  label?: string;
}

/** Invitations expire after 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a role may change tests, domains, keys and webhooks. */
export function canEdit(role: Role): boolean {
  return role === "owner" || role === "editor";
}

/** Whether a role may manage members and invitations, rename or delete the workspace. */
export function canManageMembers(role: Role): boolean {
  return role === "owner";
}
