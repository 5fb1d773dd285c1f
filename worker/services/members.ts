import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { HistoryAction, Invitation, InvitationState, InvitationView, Member } from "../../contract/api";
import { MEMBER_MESSAGES } from "../../contract/messages";
import { canManageMembers, INVITATION_TTL_MS, ROLES, type Role } from "../../contract/workspaces";
import { sha256Base64Url } from "../auth/crypto";
import type { Db } from "../db/client";
import { historyEvents, invitations, memberships, users, workspaces } from "../db/schema";
import { ApiError } from "../errors";
import { randomToken } from "../lib/base64url";
import { mailerFor } from "../mail/mailer";
import { invitationEmail } from "../mail/templates";
import { historyRow } from "./history";
import { assertMaySendInvitation } from "./invitation-sends";
import { limitMail, requesterOf } from "./limits";
import { endReach, reachOf } from "./member-reach";
import { assertBelowQuota } from "./quotas";
import { accessOf, memberAccessIn, ownerAccessIn, workspaceNameFor } from "./workspaces";

// A workspace's members and invitations (issue #34). Every change of who belongs where, and as what,
// goes through `commitMemberChange`.

export const MAX_MEMBERS = 100;

/** Who acts: the signed-in user. */
export interface Caller {
  id: string;
  email: string;
}

/** A change of a workspace's members or invitations, as the history will record it. */
export type MemberChange =
  | { action: "invitation_sent" | "invitation_resent" | "invitation_revoked"; email: string; role: Role }
  | { action: "invitation_accepted" | "invitation_declined"; email: string; role: Role }
  | { action: "member_role_changed"; email: string; from: Role; to: Role }
  | { action: "member_removed" | "member_left"; email: string; role: Role }
  | { action: "ownership_transferred"; from: string; to: string };

type Statement = BatchItem<"sqlite">;

const HISTORY_ACTION_OF = {
  invitation_sent: "member.invited",
  invitation_resent: "member.invitation_resent",
  invitation_revoked: "member.invitation_revoked",
  invitation_accepted: "member.joined",
  invitation_declined: "member.invitation_declined",
  member_role_changed: "member.role_changed",
  member_removed: "member.removed",
  member_left: "member.left",
  ownership_transferred: "ownership.transferred",
} as const satisfies Record<MemberChange["action"], HistoryAction>;

/** What the history keeps of a change: who it concerns and the role (the web reads `email` and `role`). */
function historyDetails(change: MemberChange): Record<string, unknown> {
  if (change.action === "ownership_transferred")
    return { email: change.to, from: change.from, role: "owner" };
  if (change.action === "member_role_changed")
    return { email: change.email, from: change.from, role: change.to };
  return { email: change.email, role: change.role };
}

/**
 * The one place a member change is written: its statements and its history row run as one D1 batch
 * (all or nothing).
 */
async function commitMemberChange(
  db: Db,
  workspaceId: string,
  by: Caller,
  change: MemberChange,
  statements: [Statement, ...Statement[]],
): Promise<void> {
  const recorded = historyRow({
    workspaceId,
    actor: { type: "user", userId: by.id, label: by.email },
    action: HISTORY_ACTION_OF[change.action],
    details: historyDetails(change),
  });
  await db.batch([...statements, db.insert(historyEvents).values(recorded)]);
}

// ---- Members ----

const memberColumns = {
  userId: memberships.userId,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

/** Owners first, then editors and viewers, each by when they joined. */
export async function listMembers(db: Db, workspaceId: string, caller: Caller): Promise<Member[]> {
  await memberAccessIn(db, workspaceId, caller.id);
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(
      sql`CASE ${memberships.role} WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END`,
      asc(memberships.createdAt),
    );
}

async function memberOf(db: Db, workspaceId: string, userId: string): Promise<Member> {
  const member = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  if (!member) throw new ApiError("not_found", MEMBER_MESSAGES.memberNotFound);
  return member;
}

async function ownerCount(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
  return row?.n ?? 0;
}

async function personalUserOf(db: Db, workspaceId: string): Promise<string | null> {
  const row = await db
    .select({ personalUserId: workspaces.personalUserId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return row?.personalUserId ?? null;
}

/** An owner stops being one: refused for the last owner and for the personal workspace's own user. */
async function assertMayStopOwning(db: Db, workspaceId: string, member: Member): Promise<void> {
  if (member.role !== "owner") return;
  if ((await personalUserOf(db, workspaceId)) === member.userId)
    throw new ApiError("personal_workspace", MEMBER_MESSAGES.personalOwnerStays);
  if ((await ownerCount(db, workspaceId)) <= 1) throw new ApiError("last_owner", MEMBER_MESSAGES.lastOwner);
}

const setRole = (db: Db, workspaceId: string, userId: string, role: Role) =>
  db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));

export async function changeMemberRole(
  db: Db,
  workspaceId: string,
  caller: Caller,
  userId: string,
  role: Role,
): Promise<Member> {
  await ownerAccessIn(db, workspaceId, caller.id);
  const member = await memberOf(db, workspaceId, userId);
  if (member.role === role) return member;
  await assertMayStopOwning(db, workspaceId, member);
  const demoted = ROLES.indexOf(role) > ROLES.indexOf(member.role);
  await commitMemberChange(
    db,
    workspaceId,
    caller,
    { action: "member_role_changed", email: member.email, from: member.role, to: role },
    [
      setRole(db, workspaceId, userId, role),
      ...(demoted ? endReach(db, workspaceId, userId, { reason: "member_demoted", role }) : []),
    ],
  );
  return { ...member, role };
}

/** An owner removes a member, or a member removes themself (leaves). Access ends with the row. */
export async function removeMember(db: Db, workspaceId: string, caller: Caller, userId: string) {
  const leaving = userId === caller.id;
  if (leaving) await memberAccessIn(db, workspaceId, caller.id);
  else await ownerAccessIn(db, workspaceId, caller.id);
  const member = await memberOf(db, workspaceId, userId);
  if ((await personalUserOf(db, workspaceId)) === userId)
    throw new ApiError("personal_workspace", MEMBER_MESSAGES.personalCannotLeave);
  await assertMayStopOwning(db, workspaceId, member);
  await commitMemberChange(
    db,
    workspaceId,
    caller,
    { action: leaving ? "member_left" : "member_removed", email: member.email, role: member.role },
    [
      db
        .delete(memberships)
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId))),
      ...endReach(db, workspaceId, userId, {
        reason: leaving ? "member_left" : "member_removed",
        role: null,
      }),
    ],
  );
}

/** What removing the member would end, for the remove dialog (owners only, as removing is). */
export async function memberReach(db: Db, workspaceId: string, caller: Caller, userId: string) {
  await ownerAccessIn(db, workspaceId, caller.id);
  await memberOf(db, workspaceId, userId);
  return reachOf(db, workspaceId, userId);
}

/** The caller (an owner) makes another member owner and becomes an editor. */
export async function transferOwnership(db: Db, workspaceId: string, caller: Caller, userId: string) {
  await ownerAccessIn(db, workspaceId, caller.id);
  if (userId === caller.id) throw new ApiError("already_owner", MEMBER_MESSAGES.transferToSelf);
  const target = await memberOf(db, workspaceId, userId);
  if ((await personalUserOf(db, workspaceId)) === caller.id)
    throw new ApiError("personal_workspace", MEMBER_MESSAGES.personalOwnerStays);
  await commitMemberChange(
    db,
    workspaceId,
    caller,
    { action: "ownership_transferred", from: caller.email, to: target.email },
    [
      setRole(db, workspaceId, userId, "owner"),
      setRole(db, workspaceId, caller.id, "editor"),
      // The old owner is demoted as a role change would demote them: their keys and invitations end.
      ...endReach(db, workspaceId, caller.id, { reason: "member_demoted", role: "editor" }),
    ],
  );
}

// ---- Invitations ----

type InvitationRow = typeof invitations.$inferSelect;

function stateOf(row: InvitationRow, now = Date.now()): InvitationState {
  if (row.acceptedAt !== null) return "accepted";
  if (row.declinedAt !== null) return "declined";
  if (row.revokedAt !== null) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

/** Not yet answered nor revoked: pending, or expired (which an owner may still resend or revoke). */
const open = and(
  isNull(invitations.acceptedAt),
  isNull(invitations.declinedAt),
  isNull(invitations.revokedAt),
);

function toInvitation(row: InvitationRow, inviterEmail: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: inviterEmail,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    state: stateOf(row),
  };
}

/** The open invitations, newest first (expired ones too: the owner resends or revokes them). */
export async function listInvitations(db: Db, workspaceId: string, caller: Caller): Promise<Invitation[]> {
  await ownerAccessIn(db, workspaceId, caller.id);
  const rows = await db
    .select({ invitation: invitations, inviterEmail: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.workspaceId, workspaceId), open))
    .orderBy(desc(invitations.createdAt));
  return rows.map((row) => toInvitation(row.invitation, row.inviterEmail));
}

const invitationLink = (origin: string, token: string) => `${origin}/invitations/${token}`;

async function workspaceName(db: Db, workspaceId: string): Promise<string> {
  const row = await db
    .select({ name: workspaceNameFor(null) })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return row?.name ?? "";
}

/** Sends the invitation's email and waits for the provider, so the owner learns whether it went out. */
async function sendInvitation(
  env: Env,
  db: Db,
  row: InvitationRow,
  token: string,
  by: Caller,
  origin: string,
) {
  const name = await workspaceName(db, row.workspaceId);
  await mailerFor(env).send({
    ...invitationEmail(row.email, {
      inviter: by.email,
      workspace: name,
      role: row.role,
      link: invitationLink(origin, token),
    }),
    idempotencyKey: token,
  });
}

async function countOf(
  db: Db,
  table: typeof memberships | typeof invitations,
  where: ReturnType<typeof and>,
) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

async function isMemberByEmail(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const row = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .get();
  return row !== undefined;
}

export async function invite(
  env: Env,
  db: Db,
  workspaceId: string,
  caller: Caller,
  input: { email: string; role: Role },
  origin: string,
): Promise<Invitation> {
  await ownerAccessIn(db, workspaceId, caller.id);
  await assertMaySendInvitation(db, workspaceId, caller.id);
  const email = input.email.toLowerCase();
  await limitMail(env, "invite", email, requesterOf({ userId: caller.id }));
  if (await isMemberByEmail(db, workspaceId, email))
    throw new ApiError("already_member", MEMBER_MESSAGES.alreadyMember);
  const now = Date.now();
  const pending = and(eq(invitations.workspaceId, workspaceId), open, sql`${invitations.expiresAt} > ${now}`);
  if ((await countOf(db, invitations, and(pending, eq(invitations.email, email)))) > 0)
    throw new ApiError("invitation_pending", MEMBER_MESSAGES.alreadyInvited);
  assertBelowQuota("pendingInvitations", await countOf(db, invitations, pending));
  if ((await countOf(db, memberships, eq(memberships.workspaceId, workspaceId))) >= MAX_MEMBERS)
    throw new ApiError("too_many_members", MEMBER_MESSAGES.tooManyMembers(MAX_MEMBERS));
  const token = randomToken();
  const row: InvitationRow = {
    id: crypto.randomUUID(),
    workspaceId,
    email,
    role: input.role,
    tokenHash: await sha256Base64Url(token),
    invitedBy: caller.id,
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
    acceptedAt: null,
    declinedAt: null,
    revokedAt: null,
  };
  await commitMemberChange(db, workspaceId, caller, { action: "invitation_sent", email, role: row.role }, [
    db.insert(invitations).values(row),
  ]);
  try {
    await sendInvitation(env, db, row, token, caller, origin);
  } catch (error) {
    // Not sent: no invitation the invitee never heard of stays behind.
    await db.delete(invitations).where(eq(invitations.id, row.id));
    throw error;
  }
  return toInvitation(row, caller.email);
}

async function openInvitation(db: Db, workspaceId: string, invitationId: string): Promise<InvitationRow> {
  const row = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.workspaceId, workspaceId), open))
    .get();
  if (!row) throw new ApiError("not_found", MEMBER_MESSAGES.invitationNotFound);
  return row;
}

/** A new token and a new 7 days; the old link stops working. The email goes out again. */
export async function resendInvitation(
  env: Env,
  db: Db,
  workspaceId: string,
  caller: Caller,
  invitationId: string,
  origin: string,
): Promise<Invitation> {
  await ownerAccessIn(db, workspaceId, caller.id);
  const current = await openInvitation(db, workspaceId, invitationId);
  await assertMaySendInvitation(db, workspaceId, caller.id);
  await limitMail(env, "invite", current.email, requesterOf({ userId: caller.id }));
  const token = randomToken();
  const now = Date.now();
  const row: InvitationRow = {
    ...current,
    tokenHash: await sha256Base64Url(token),
    invitedBy: caller.id,
    expiresAt: now + INVITATION_TTL_MS,
  };
  await commitMemberChange(
    db,
    workspaceId,
    caller,
    { action: "invitation_resent", email: row.email, role: row.role },
    [
      db
        .update(invitations)
        .set({ tokenHash: row.tokenHash, invitedBy: row.invitedBy, expiresAt: row.expiresAt })
        .where(eq(invitations.id, row.id)),
    ],
  );
  await sendInvitation(env, db, row, token, caller, origin);
  return toInvitation(row, caller.email);
}

export async function revokeInvitation(db: Db, workspaceId: string, caller: Caller, invitationId: string) {
  await ownerAccessIn(db, workspaceId, caller.id);
  const row = await openInvitation(db, workspaceId, invitationId);
  await commitMemberChange(
    db,
    workspaceId,
    caller,
    { action: "invitation_revoked", email: row.email, role: row.role },
    [db.update(invitations).set({ revokedAt: Date.now() }).where(eq(invitations.id, row.id))],
  );
}

/** The invitation a link's token names, with its workspace and inviter; 404 for an unknown token. */
async function invitationByToken(db: Db, token: string) {
  const found = await findInvitationByToken(db, token);
  if (!found) throw new ApiError("not_found", MEMBER_MESSAGES.invitationUnknown);
  return found;
}

async function findInvitationByToken(db: Db, token: string) {
  const tokenHash = await sha256Base64Url(token);
  return db
    .select({ invitation: invitations, workspaceName: workspaceNameFor(null), inviterEmail: users.email })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(workspaces.deletedAt)))
    .get();
}

/** Only the invited email's user answers; another signed-in user holding the link learns nothing of it. */
function assertInvitee(invitation: InvitationRow, caller: Caller) {
  if (invitation.email.toLowerCase() !== caller.email.toLowerCase())
    throw new ApiError("wrong_invitee", MEMBER_MESSAGES.wrongInvitee);
}

/**
 * What the invitation page shows: to the invited email's user, or signed out to whoever holds the
 * emailed link, so they can sign up with the invited email. Another signed-in user is refused.
 */
export async function viewInvitation(db: Db, token: string, caller: Caller | null): Promise<InvitationView> {
  const { invitation, workspaceName, inviterEmail } = await invitationByToken(db, token);
  if (caller) assertInvitee(invitation, caller);
  return {
    workspaceId: invitation.workspaceId,
    workspaceName,
    inviterEmail,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    state: stateOf(invitation),
  };
}

/** Whether the token is of a pending invitation to this email: the sign-up holds the invited mailbox's link. */
export async function invitesEmail(db: Db, token: string, email: string): Promise<boolean> {
  const found = await findInvitationByToken(db, token);
  return (
    found !== undefined &&
    found.invitation.email.toLowerCase() === email.toLowerCase() &&
    stateOf(found.invitation) === "pending"
  );
}

/** A pending invitation for the caller's own email, or the reason it cannot be answered. */
async function answerable(db: Db, token: string, caller: Caller): Promise<InvitationRow> {
  const { invitation } = await invitationByToken(db, token);
  assertInvitee(invitation, caller);
  const state = stateOf(invitation);
  if (state !== "pending") throw new ApiError("invitation_gone", MEMBER_MESSAGES.invitationGone[state]);
  return invitation;
}

/**
 * An invitation grants only what its inviter may still grant: an owner of the workspace now. One sent
 * by someone since removed, demoted or deleted is revoked when it is used.
 */
async function assertInviterMayGrant(db: Db, invitation: InvitationRow) {
  const inviter = invitation.invitedBy
    ? await accessOf(db, invitation.workspaceId, invitation.invitedBy)
    : undefined;
  if (inviter && canManageMembers(inviter.role)) return;
  await db.update(invitations).set({ revokedAt: Date.now() }).where(eq(invitations.id, invitation.id));
  throw new ApiError("invitation_gone", MEMBER_MESSAGES.invitationGone.revoked);
}

/** The invitee joins with the invited role. One link joins once. */
export async function acceptInvitation(db: Db, token: string, caller: Caller) {
  const invitation = await answerable(db, token, caller);
  const { workspaceId } = invitation;
  await assertInviterMayGrant(db, invitation);
  if (await accessOf(db, workspaceId, caller.id))
    throw new ApiError("already_member", MEMBER_MESSAGES.alreadyMember);
  if ((await countOf(db, memberships, eq(memberships.workspaceId, workspaceId))) >= MAX_MEMBERS)
    throw new ApiError("too_many_members", MEMBER_MESSAGES.tooManyMembers(MAX_MEMBERS));
  const now = Date.now();
  const stillPending = and(eq(invitations.id, invitation.id), open, sql`${invitations.expiresAt} > ${now}`);
  // The membership only while the invitation is still pending (a revoke may have come in between),
  // and in the same batch as marking it accepted.
  await commitMemberChange(
    db,
    workspaceId,
    caller,
    { action: "invitation_accepted", email: invitation.email, role: invitation.role },
    [
      db
        .insert(memberships)
        .select(
          db
            .select({
              workspaceId: invitations.workspaceId,
              userId: sql<string>`${caller.id}`.as("user_id"),
              role: invitations.role,
              alertVerdict: sql<boolean>`1`.as("alert_verdict"),
              alertCompleted: sql<boolean>`1`.as("alert_completed"),
              alertSrm: sql<boolean>`1`.as("alert_srm"),
              weeklyDigest: sql<boolean>`0`.as("weekly_digest"),
              createdAt: sql<number>`${now}`.as("created_at"),
              digestSentWeek: sql<number | null>`NULL`.as("digest_sent_week"),
            })
            .from(invitations)
            .where(stillPending),
        )
        .onConflictDoNothing(),
      db.update(invitations).set({ acceptedAt: now }).where(stillPending),
      // The token came to this address: following it proves the email as a verification link would.
      db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
        .where(eq(users.id, caller.id)),
    ],
  );
  if (!(await accessOf(db, workspaceId, caller.id)))
    throw new ApiError("invitation_gone", MEMBER_MESSAGES.invitationGone.revoked);
  return { workspaceId, role: invitation.role };
}

export async function declineInvitation(db: Db, token: string, caller: Caller) {
  const invitation = await answerable(db, token, caller);
  await commitMemberChange(
    db,
    invitation.workspaceId,
    caller,
    { action: "invitation_declined", email: invitation.email, role: invitation.role },
    [db.update(invitations).set({ declinedAt: Date.now() }).where(eq(invitations.id, invitation.id))],
  );
}
