import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Workspace } from "../../contract/api";
import { TEST_MESSAGES, TWO_FACTOR_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import {
  canManageMembers,
  PERSONAL_WORKSPACE_NAME,
  type Role,
  type WorkspaceAccess,
} from "../../contract/workspaces";
import { type Db, getDb } from "../db/client";
import {
  apiKeys,
  customDomains,
  memberships,
  slackConnections,
  splitTests,
  tagColours,
  testTags,
  users,
  webhookEndpoints,
  workspaces,
} from "../db/schema";
import { ApiError } from "../errors";
import { removeLink } from "../link-cache/writes";
import { newSiteKey } from "./auth";
import { deleteDomain } from "./domains";
import { deletion } from "./split-tests";

/** How many workspaces one user may own, their personal one included. */
export const MAX_OWNED_WORKSPACES = 20;

/** Who makes a new row and in which workspace: the row belongs to the workspace, the user is its creator. */
export interface Creator {
  workspaceId: string;
  userId: string;
}

/** In a query joining a workspace and a user: the workspace requires two-factor sign-in the user lacks. */
export function twoFactorMissing() {
  return sql<boolean>`${workspaces.requireTwoFactor} = 1 AND ${users.totpEnabledAt} IS NULL`.mapWith(Boolean);
}

/**
 * The user's role in a live workspace, or undefined when they are not (or no longer) a member;
 * `twoFactorMissing`: the workspace requires two-factor sign-in and the user has not turned it on.
 */
export async function accessOf(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<(WorkspaceAccess & { twoFactorMissing: boolean }) | undefined> {
  const row = await db
    .select({
      role: memberships.role,
      twoFactorMissing: twoFactorMissing(),
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.userId, userId),
        isNull(workspaces.deletedAt),
      ),
    )
    .get();
  return row
    ? { id: workspaceId, role: row.role as Role, twoFactorMissing: row.twoFactorMissing }
    : undefined;
}

/** 403 `two_factor_required` for a member of a workspace that requires it who has not turned it on. */
export function assertTwoFactorMet(access: { twoFactorMissing: boolean }): void {
  if (access.twoFactorMissing) throw new ApiError("two_factor_required", TWO_FACTOR_MESSAGES.required);
}

/** A workspace's name as one user sees it (null: someone not yet a member, e.g. an invitee). */
export function workspaceNameFor(userId: string | null) {
  return sql<string>`CASE WHEN ${workspaces.personalUserId} IS NOT NULL AND ${workspaces.personalUserId} IS NOT ${userId} AND ${workspaces.name} = ${PERSONAL_WORKSPACE_NAME}
    THEN (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${workspaces.personalUserId}) ELSE ${workspaces.name} END`;
}

/**
 * A workspace as one user sees it. `personal`: their own. Someone else's personal workspace still named
 * "Personal" is shown by its owner's email, so a member of several never sees two "Personal".
 */
function workspaceColumns(userId: string) {
  return {
    id: workspaces.id,
    name: workspaceNameFor(userId),
    role: memberships.role,
    personal: sql<boolean>`coalesce(${workspaces.personalUserId} = ${userId}, 0)`.mapWith(Boolean),
    requireTwoFactor: workspaces.requireTwoFactor,
    currency: workspaces.currency,
  };
}

/** The live workspaces the user belongs to, with their role: the personal one first, then by name. */
export async function listWorkspaces(db: Db, userId: string): Promise<Workspace[]> {
  const rows = await db
    .select(workspaceColumns(userId))
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), isNull(workspaces.deletedAt)));
  // By the name the user sees (another's personal workspace: its owner's email).
  return rows.sort(
    (a, b) =>
      Number(b.personal) - Number(a.personal) ||
      a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
      a.id.localeCompare(b.id),
  );
}

/** The caller's role in the workspace a path names; 404 for someone who is not a member (as if it did not exist). */
export async function memberAccessIn(db: Db, workspaceId: string, userId: string): Promise<WorkspaceAccess> {
  const access = workspaceId.length <= 64 ? await accessOf(db, workspaceId, userId) : undefined;
  if (!access) throw new ApiError("not_found", WORKSPACE_MESSAGES.notFound);
  assertTwoFactorMet(access);
  return { id: access.id, role: access.role };
}

/** An owner's access; 404 for a stranger, 403 for an editor or viewer. */
export async function ownerAccessIn(db: Db, workspaceId: string, userId: string): Promise<WorkspaceAccess> {
  const access = await memberAccessIn(db, workspaceId, userId);
  if (!canManageMembers(access.role)) throw new ApiError("forbidden", WORKSPACE_MESSAGES.ownerOnly);
  return access;
}

/**
 * One live workspace of the user's, with their role; another's is not found, and one that requires
 * two-factor sign-in of a member without it answers 403 `two_factor_required`, as everything in it does.
 */
export async function workspaceOf(db: Db, userId: string, id: string): Promise<Workspace> {
  const row = await db
    .select({ ...workspaceColumns(userId), twoFactorMissing: twoFactorMissing() })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(workspaces.id, id), isNull(workspaces.deletedAt)))
    .get();
  if (!row) throw new ApiError("not_found", WORKSPACE_MESSAGES.notFound);
  const { twoFactorMissing: missing, ...workspace } = row;
  assertTwoFactorMet({ twoFactorMissing: missing });
  return workspace;
}

/**
 * The workspace of the user's that holds a test, by the test's slug: a link to a test opens in its
 * workspace whichever one the app has open. Only the user's own memberships are searched; a test of
 * anyone else's (or a deleted one) is not found, in the same words as a slug no test has.
 */
export async function workspaceOfTest(db: Db, userId: string, slug: string): Promise<Workspace> {
  const row = await db
    .select(workspaceColumns(userId))
    .from(splitTests)
    .innerJoin(workspaces, eq(workspaces.id, splitTests.workspaceId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, splitTests.workspaceId), eq(memberships.userId, userId)),
    )
    .where(and(eq(splitTests.slug, slug), isNull(splitTests.deletedAt), isNull(workspaces.deletedAt)))
    .get();
  if (!row) throw new ApiError("not_found", TEST_MESSAGES.notFound);
  return row;
}

/** A workspace of the user's they own; a member's is 403, a stranger's 404. */
async function ownedWorkspace(db: Db, userId: string, id: string): Promise<Workspace> {
  const workspace = await workspaceOf(db, userId, id);
  if (workspace.role !== "owner") throw new ApiError("forbidden", WORKSPACE_MESSAGES.ownerOnly);
  return workspace;
}

/** A new workspace with its own site key; its creator is its owner. At most MAX_OWNED_WORKSPACES each. */
export async function createWorkspace(db: Db, userId: string, name: string): Promise<Workspace> {
  const [owned] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner"), isNull(workspaces.deletedAt)));
  if ((owned?.n ?? 0) >= MAX_OWNED_WORKSPACES)
    throw new ApiError("too_many_workspaces", WORKSPACE_MESSAGES.tooMany(MAX_OWNED_WORKSPACES));
  const id = crypto.randomUUID();
  const createdAt = Date.now();
  await db.batch([
    db.insert(workspaces).values({ id, name, siteKey: newSiteKey(), createdAt }),
    db.insert(memberships).values({ workspaceId: id, userId, role: "owner", createdAt }),
  ]);
  return { id, name, role: "owner", personal: false, requireTwoFactor: false, currency: null };
}

/**
 * The owner renames the workspace (the personal one too: it is only a label), or requires two-factor
 * sign-in of its members: only once they use it themselves, so no owner locks themselves out.
 */
export async function updateWorkspace(
  db: Db,
  userId: string,
  id: string,
  change: { name?: string; requireTwoFactor?: boolean; currency?: string | null },
): Promise<Workspace> {
  const workspace = await ownedWorkspace(db, userId, id);
  if (change.requireTwoFactor) {
    const owner = await db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
    if (owner?.on == null) throw new ApiError("two_factor_required", TWO_FACTOR_MESSAGES.ownerNeedsItFirst);
  }
  await db.update(workspaces).set(change).where(eq(workspaces.id, id));
  return { ...workspace, ...change };
}

/**
 * The owner deletes a workspace. A personal workspace goes only with its user's account: 409 for every
 * member, its user and a co-owner alike (whose it is belongs to the workspace, not to the caller).
 */
export async function deleteWorkspace(env: Env, userId: string, id: string): Promise<void> {
  const db = getDb(env.DB);
  await workspaceOf(db, userId, id);
  const row = await db
    .select({ personalUserId: workspaces.personalUserId })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .get();
  if (row?.personalUserId)
    throw new ApiError("personal_workspace", WORKSPACE_MESSAGES.personalCannotBeDeleted);
  await ownedWorkspace(db, userId, id);
  await removeWorkspaces(env, [id]);
}

/**
 * Deletes workspaces for everyone at once: their custom hostnames at Cloudflare first (a refusal there
 * stops here, nothing else changed, so the caller can try again), then in one batch their API keys and
 * webhook endpoints, their tests' tags and colours, their tests as one test is deleted (`deletion`), and the workspaces are marked
 * deleted (no member reaches them any more); then the tests' redirect keys in KV, so their links stop
 * at once. The archive cron purges the tests' events in chunks, then the workspace rows, whose deletion
 * cascades to memberships, invitations, history and share links (worker/archive/purge.ts).
 */
export async function removeWorkspaces(env: Env, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = getDb(env.DB);
  const domains = await db.select().from(customDomains).where(inArray(customDomains.workspaceId, ids));
  for (const domain of domains) await deleteDomain(env, domain);
  const tests = await db
    .select({
      slug: splitTests.slug,
      customDomainId: splitTests.customDomainId,
      customSlug: splitTests.customSlug,
    })
    .from(splitTests)
    .where(inArray(splitTests.workspaceId, ids));
  const now = Date.now();
  await db.batch([
    db.delete(apiKeys).where(inArray(apiKeys.workspaceId, ids)),
    db.delete(webhookEndpoints).where(inArray(webhookEndpoints.workspaceId, ids)),
    db.delete(slackConnections).where(inArray(slackConnections.workspaceId, ids)),
    // Their tests' tags and the colours: nothing of them is listed again.
    db.delete(testTags).where(inArray(testTags.workspaceId, ids)),
    db.delete(tagColours).where(inArray(tagColours.workspaceId, ids)),
    db
      .update(splitTests)
      .set(deletion(now))
      .where(and(inArray(splitTests.workspaceId, ids), isNull(splitTests.deletedAt))),
    db
      .update(workspaces)
      .set({ deletedAt: now })
      .where(and(inArray(workspaces.id, ids), isNull(workspaces.deletedAt))),
  ]);
  await Promise.all(tests.map((test) => removeLink(env, test)));
}

/**
 * Each live workspace the user belongs to, with their role and how many members and owners it has.
 * `personal`: the user's own personal workspace; `othersPersonal`: another user's, which never goes
 * with this user's account.
 */
export function membershipsOf(db: Db, userId: string) {
  const others = (role?: Role) =>
    sql<number>`(SELECT count(*) FROM memberships AS m WHERE m.workspace_id = ${workspaces.id}
      AND m.user_id != ${userId}${role ? sql` AND m.role = ${role}` : sql``})`.mapWith(Number);
  return db
    .select({
      id: workspaces.id,
      personal: sql<boolean>`coalesce(${workspaces.personalUserId} = ${userId}, 0)`.mapWith(Boolean),
      othersPersonal: sql<boolean>`coalesce(${workspaces.personalUserId} != ${userId}, 0)`.mapWith(Boolean),
      role: memberships.role,
      otherMembers: others(),
      otherOwners: others("owner"),
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), isNull(workspaces.deletedAt)));
}

/** Any owner of the workspace other than the user, to take over the rows the user made there. */
export async function anotherOwnerOf(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.role, "owner"),
        ne(memberships.userId, userId),
      ),
    )
    .orderBy(asc(memberships.createdAt))
    .get();
  return row?.userId;
}
