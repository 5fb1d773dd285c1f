import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { MemberReach, RevokedApiKey } from "../../contract/api";
import { type ApiKeyRevocationReason, canEdit, type Role } from "../../contract/workspaces";
import type { Db } from "../db/client";
import {
  apiKeyRevocations,
  apiKeys,
  invitations,
  shareLinks,
  slackConnections,
  splitTests,
  stripeConnections,
  webhookEndpoints,
} from "../db/schema";

// What a member set up in a workspace, and what of it ends when their membership or role there does
// (issue #45, point 2). tests/worker/lifecycle-matrix.ts declares the outcome of every kind × change.

type Statement = BatchItem<"sqlite">;

/** Revoked keys stay listed on the keys card this long. */
export const REVOCATION_NOTICE_MS = 30 * 24 * 60 * 60 * 1000;

/** What the member holds in the workspace, for the remove dialog to list before it is confirmed. */
export async function reachOf(db: Db, workspaceId: string, userId: string): Promise<MemberReach> {
  const [keys, invited, webhooks, slack, stripe, shares] = await Promise.all([
    db
      .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scope: apiKeys.scope })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId))),
    db
      .select({ id: invitations.id, email: invitations.email, role: invitations.role })
      .from(invitations)
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.invitedBy, userId), pending())),
    db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.workspaceId, workspaceId),
          eq(webhookEndpoints.userId, userId),
          isNull(webhookEndpoints.disabledAt),
        ),
      ),
    db
      .select({ id: slackConnections.id })
      .from(slackConnections)
      .where(
        and(
          eq(slackConnections.workspaceId, workspaceId),
          eq(slackConnections.userId, userId),
          isNull(slackConnections.disabledAt),
        ),
      )
      .get(),
    db
      .select({ workspaceId: stripeConnections.workspaceId })
      .from(stripeConnections)
      .where(stripeSecretOf(workspaceId, userId))
      .get(),
    db
      .select({ testId: splitTests.id, testName: splitTests.name })
      .from(shareLinks)
      .innerJoin(splitTests, eq(splitTests.id, shareLinks.splitTestId))
      .where(
        and(
          eq(splitTests.workspaceId, workspaceId),
          eq(shareLinks.createdBy, userId),
          isNull(splitTests.deletedAt),
        ),
      ),
  ]);
  return {
    apiKeys: keys,
    invitations: invited,
    webhooks,
    slack: slack !== undefined,
    stripeSecret: stripe !== undefined,
    shareLinks: shares,
  };
}

const pending = () =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.declinedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, Date.now()),
  );

/** The workspace's Stripe secret while it counts, when the user pasted it. */
const stripeSecretOf = (workspaceId: string, userId: string) =>
  and(
    eq(stripeConnections.workspaceId, workspaceId),
    eq(stripeConnections.secretSetBy, userId),
    isNotNull(stripeConnections.signingSecret),
    isNull(stripeConnections.secretRetiredAt),
  );

/** Why a member's reach ends in a workspace: they were removed or left (`role` null), or demoted. */
export type ReachChange =
  | { reason: "member_removed" | "member_left"; role: null }
  | { reason: "member_demoted"; role: Role };

/**
 * The statements that end what the member set up in the workspace, for the batch of the change itself:
 * their API keys there are revoked for good (deleted: a re-invite brings nothing back) and listed on the
 * keys card; the invitations they sent that are still open are revoked unless they stay an owner; and
 * unless their new role may still set them up, their webhook endpoints and Slack connection are
 * disabled and a Stripe signing secret they pasted stops counting. Share links stay: they belong to the
 * workspace.
 */
export function endReach(
  db: Db,
  workspaceId: string,
  userId: string,
  change: ReachChange,
  now = Date.now(),
): [Statement, ...Statement[]] {
  const theirKeys = and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId));
  const statements: [Statement, ...Statement[]] = [...revokeKeys(db, theirKeys, change.reason, now)] as [
    Statement,
    ...Statement[],
  ];
  if (change.role !== "owner")
    statements.push(
      db
        .update(invitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(invitations.workspaceId, workspaceId),
            eq(invitations.invitedBy, userId),
            isNull(invitations.acceptedAt),
            isNull(invitations.declinedAt),
            isNull(invitations.revokedAt),
          ),
        ),
    );
  if (change.role === null || !canEdit(change.role))
    statements.push(
      db
        .update(webhookEndpoints)
        .set({ disabledAt: now })
        .where(
          and(
            eq(webhookEndpoints.workspaceId, workspaceId),
            eq(webhookEndpoints.userId, userId),
            isNull(webhookEndpoints.disabledAt),
          ),
        ),
      db
        .update(slackConnections)
        .set({ disabledAt: now })
        .where(
          and(
            eq(slackConnections.workspaceId, workspaceId),
            eq(slackConnections.userId, userId),
            isNull(slackConnections.disabledAt),
          ),
        ),
      db.update(stripeConnections).set({ secretRetiredAt: now }).where(stripeSecretOf(workspaceId, userId)),
    );
  return statements;
}

/**
 * Revokes (deletes) the keys `which` selects, each remembered with the reason for the keys card: the
 * remembering first, in the same batch, so a key is never gone without its notice.
 */
export function revokeKeys(
  db: Db,
  which: ReturnType<typeof and>,
  reason: ApiKeyRevocationReason,
  now = Date.now(),
): [Statement, Statement] {
  return [
    db
      .insert(apiKeyRevocations)
      .select(
        db
          .select({
            id: apiKeys.id,
            workspaceId: sql<string>`${apiKeys.workspaceId}`.as("workspace_id"),
            userId: apiKeys.userId,
            name: apiKeys.name,
            prefix: apiKeys.prefix,
            scope: apiKeys.scope,
            reason: sql<ApiKeyRevocationReason>`${reason}`.as("reason"),
            revokedAt: sql<number>`${now}`.as("revoked_at"),
          })
          .from(apiKeys)
          .where(and(which, isNotNull(apiKeys.workspaceId))),
      )
      .onConflictDoNothing(),
    db.delete(apiKeys).where(which),
  ];
}

/** The keys SplitLink revoked in the workspace within the notice period, newest first. */
export async function revokedKeysOf(db: Db, workspaceId: string, now = Date.now()): Promise<RevokedApiKey[]> {
  return db
    .select({
      id: apiKeyRevocations.id,
      name: apiKeyRevocations.name,
      prefix: apiKeyRevocations.prefix,
      scope: apiKeyRevocations.scope,
      reason: apiKeyRevocations.reason,
      revokedAt: apiKeyRevocations.revokedAt,
    })
    .from(apiKeyRevocations)
    .where(
      and(
        eq(apiKeyRevocations.workspaceId, workspaceId),
        gt(apiKeyRevocations.revokedAt, now - REVOCATION_NOTICE_MS),
      ),
    )
    .orderBy(desc(apiKeyRevocations.revokedAt));
}
