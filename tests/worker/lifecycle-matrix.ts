import type { ApiKeyRevocationReason } from "../../contract/workspaces";

// What becomes of everything a member can create or hold when their membership or account changes
// (issue #45, point 2): every kind × every change has a declared outcome, and lifecycle-matrix.test.ts
// exercises each cell. A table that references a user without a kind here (or a reason in NOT_HELD), a
// kind or a change without its cells, or a key revocation reason without its change fails the suite.

/** Every kind of thing a member can create or hold in a workspace. */
export const KINDS = [
  "session",
  "apiKey",
  "webhookEndpoint",
  "slackConnection",
  "stripeSecret",
  "shareLink",
  "invitationSent",
] as const;
export type Kind = (typeof KINDS)[number];

/** Every change of a membership or account. */
export const CHANGES = [
  "removed",
  "demoted",
  "left",
  "accountDeleted",
  "workspaceDeleted",
  "passwordReset",
  "passwordChanged",
] as const;
export type Change = (typeof CHANGES)[number];

/**
 * works: keeps working. revoked: stops for good (a re-invite brings nothing back). disabled: stops
 * until an owner turns it back on with one click (Stripe: pastes a new secret).
 */
export type Outcome = "works" | "revoked" | "disabled";

/** The columns that reference a user, by "table.column", and the kind each is. */
export const HOLDINGS: Record<string, Kind> = {
  "sessions.user_id": "session",
  "api_keys.user_id": "apiKey",
  "webhook_endpoints.user_id": "webhookEndpoint",
  "slack_connections.user_id": "slackConnection",
  "stripe_connections.secret_set_by": "stripeSecret",
  "share_links.created_by": "shareLink",
  "invitations.invited_by": "invitationSent",
};

/** The other columns that reference a user, and why they hold no reach of the member's. */
export const NOT_HELD: Record<string, string> = {
  "memberships.user_id": "the membership itself, which the changes are about",
  "email_tokens.user_id": "the account's own email links: retired by a reset, a change and the deletion",
  "split_tests.user_id": "a test belongs to its workspace: it passes to another owner with the account",
  "custom_domains.user_id": "a domain belongs to its workspace: it passes to another owner with the account",
  "idempotency_keys.user_id": "a conversion's Idempotency-Key answer for 24 hours, no access",
  "idempotency_key_shards.user_id": "where such an answer is kept, no access",
  "api_key_revocations.user_id": "the record of a key already revoked",
  "utm_templates.created_by":
    "a UTM template belongs to its workspace, not to the member who saved it: it stays when they are removed, demoted or leave, and when their account goes",
  "recovery_codes.user_id":
    "the account's own second factor: no reach into any workspace; it goes with the account (cascade)",
};

/** The change each reason SplitLink revokes a key for stands for. */
export const CHANGE_OF_REVOCATION: Record<ApiKeyRevocationReason, Change> = {
  password_reset: "passwordReset",
  password_changed: "passwordChanged",
  member_removed: "removed",
  member_left: "left",
  member_demoted: "demoted",
};

/**
 * The member is an editor (demoted: to viewer), or for the invitations they sent an owner (demoted: to
 * editor); the changes are made by the workspace's other owner, or by the member themself.
 */
export const LIFECYCLE_MATRIX: Record<Kind, Record<Change, Outcome>> = {
  // The account's own sign-ins: a membership change ends access to that workspace, not the session.
  session: {
    removed: "works",
    demoted: "works",
    left: "works",
    accountDeleted: "revoked",
    workspaceDeleted: "works",
    passwordReset: "revoked",
    // Every other session: the one that changed the password stays.
    passwordChanged: "revoked",
  },
  apiKey: {
    removed: "revoked",
    demoted: "revoked",
    left: "revoked",
    accountDeleted: "revoked",
    workspaceDeleted: "revoked",
    passwordReset: "revoked",
    // Unless the user chose to revoke their keys (off by default): lifecycle-matrix.test.ts tests both.
    passwordChanged: "works",
  },
  webhookEndpoint: {
    removed: "disabled",
    demoted: "disabled",
    left: "disabled",
    accountDeleted: "disabled",
    workspaceDeleted: "revoked",
    passwordReset: "works",
    passwordChanged: "works",
  },
  slackConnection: {
    removed: "disabled",
    demoted: "disabled",
    left: "disabled",
    accountDeleted: "disabled",
    workspaceDeleted: "revoked",
    passwordReset: "works",
    passwordChanged: "works",
  },
  // The member knows the secret: events signed with it are refused until an owner pastes a new one.
  stripeSecret: {
    removed: "disabled",
    demoted: "disabled",
    left: "disabled",
    accountDeleted: "disabled",
    workspaceDeleted: "revoked",
    passwordReset: "works",
    passwordChanged: "works",
  },
  // A share link belongs to the workspace.
  shareLink: {
    removed: "works",
    demoted: "works",
    left: "works",
    accountDeleted: "works",
    workspaceDeleted: "revoked",
    passwordReset: "works",
    passwordChanged: "works",
  },
  // Still pending: only an inviter who may still grant the role makes a member.
  invitationSent: {
    removed: "revoked",
    demoted: "revoked",
    left: "revoked",
    accountDeleted: "revoked",
    workspaceDeleted: "revoked",
    passwordReset: "works",
    passwordChanged: "works",
  },
};
