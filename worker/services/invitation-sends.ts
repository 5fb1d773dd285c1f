import { and, desc, eq, sql } from "drizzle-orm";
import { MEMBER_MESSAGES } from "../../contract/messages";
import { INVITATION_SEND_LIMITS } from "../../contract/quotas";
import type { Db } from "../db/client";
import { historyEvents, users } from "../db/schema";
import { ApiError, RetryLaterError } from "../errors";

// Who may make SplitLink send an invitation email, and how many (issue #45, point 5). Every send and
// resend is a history row written with the invitation itself, so the counts need no store of their own.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The history rows of an invitation email sent: written as migration 0042's partial indexes say, so they serve. */
const isSend = sql`${historyEvents.action} IN ('member.invited', 'member.invitation_resent')`;

/**
 * When the `max`-th most recent send of the rows `where` selects leaves the window: null if there
 * are fewer than `max` sends in it (one more may go out).
 */
async function freesUpAt(db: Db, where: ReturnType<typeof and>, max: number, windowMs: number, now: number) {
  const row = await db
    .select({ at: historyEvents.at })
    .from(historyEvents)
    .where(and(where, isSend, sql`${historyEvents.at} > ${now - windowMs}`))
    .orderBy(desc(historyEvents.at))
    .limit(1)
    .offset(max - 1)
    .get();
  return row ? row.at + windowMs : null;
}

/**
 * Refuses an invitation email the caller may not make SplitLink send: 403 `email_unverified` for an
 * address nobody has proven (or anyone could mail in SplitLink's name), 429 past a workspace's hourly
 * or the inviter's daily number, with the seconds until one frees up.
 */
export async function assertMaySendInvitation(db: Db, workspaceId: string, inviterId: string): Promise<void> {
  const inviter = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, inviterId))
    .get();
  if (!inviter || inviter.verifiedAt === null)
    throw new ApiError("email_unverified", MEMBER_MESSAGES.verifyToInvite);

  const now = Date.now();
  const { perWorkspacePerHour, perInviterPerDay } = INVITATION_SEND_LIMITS;
  const [workspaceFree, inviterFree] = await Promise.all([
    freesUpAt(db, eq(historyEvents.workspaceId, workspaceId), perWorkspacePerHour, HOUR_MS, now),
    freesUpAt(db, eq(historyEvents.actorUserId, inviterId), perInviterPerDay, DAY_MS, now),
  ]);
  const refuse = (at: number, message: (max: number, minutes: number) => string, max: number) => {
    const seconds = Math.max(1, Math.ceil((at - now) / 1000));
    throw new RetryLaterError(message(max, Math.ceil(seconds / 60)), seconds, max);
  };
  if (inviterFree !== null) refuse(inviterFree, MEMBER_MESSAGES.inviterInvitationsPerDay, perInviterPerDay);
  if (workspaceFree !== null)
    refuse(workspaceFree, MEMBER_MESSAGES.workspaceInvitationsPerHour, perWorkspacePerHour);
}
