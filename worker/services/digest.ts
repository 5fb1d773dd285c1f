import { and, eq, gte, isNull, lt, or } from "drizzle-orm";
import { isPlainLink } from "../../contract/variants";
import { type Db, getDb } from "../db/client";
import { memberships, type SplitTest, splitTests, users, workspaces } from "../db/schema";
import { ownOrigin } from "../lib/links";
import { digestEmail, type WorkspaceDigest } from "../mail/digest";
import { mailerFor } from "../mail/mailer";
import { log } from "../observability/log";
import { statsOf, totalsOf } from "./split-tests";

// The weekly digest (issue #34): every member who turned it on gets one email per workspace and week,
// about the tests running, the verdicts reached in the last 7 days and the tests ending in the next 7;
// none when there is nothing to say. The cron runs every hour on Mondays (worker/crons.ts); each run
// takes up to DIGESTS_PER_RUN members not yet served this week and claims each before sending, so a
// run twice over (or two at once) mails nobody twice.

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday after the epoch (a Thursday). */
const FIRST_MONDAY_MS = 4 * DAY_MS;
/** Members served by one run; the next hourly run on Monday takes the rest. */
export const DIGESTS_PER_RUN = 50;

/** The week `now` falls in: its Monday, 00:00 UTC. */
export const weekOf = (now: number) =>
  Math.floor((now - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;

/** The workspace's week in tests, or null when there is nothing to say. */
export async function digestOf(env: Env, workspaceId: string, name: string, now: number) {
  const tests = await getDb(env.DB)
    .select()
    .from(splitTests)
    .where(
      and(
        eq(splitTests.workspaceId, workspaceId),
        isNull(splitTests.deletedAt),
        or(
          eq(splitTests.status, "active"),
          gte(splitTests.verdictAlertedAt, now - WEEK_MS),
          and(gte(splitTests.endsAt, now), lt(splitTests.endsAt, now + WEEK_MS)),
        ),
      ),
    )
    .orderBy(splitTests.createdAt);
  const totals = await totalsOf(env, tests);
  // The dashboard's stats: the leader (`winner`), and the one verdict the test page shows (`decided`).
  const statsById = new Map(
    await Promise.all(
      tests.map(async (test) => [test.id, await statsOf(env, test, totals.get(test.id) ?? [])] as const),
    ),
  );
  const stats = (test: SplitTest) => statsById.get(test.id);
  const untilOf = (iso: string | undefined) => (iso === undefined ? null : Date.parse(iso));
  const leader = (test: SplitTest) => {
    const leading = stats(test)?.winner ?? null;
    return leading === "tie" ? null : leading;
  };
  const digest: WorkspaceDigest = {
    workspace: name,
    // A plain link is no test: nothing to report on until it gets a second destination (issue #49).
    running: tests
      .filter((test) => test.status === "active" && !isPlainLink(test.variants))
      .map((test) => ({
        name: test.name,
        days: Math.max(1, Math.floor((now - (test.phaseStartedAt ?? test.createdAt)) / DAY_MS)),
        leader: leader(test),
        until: untilOf(stats(test)?.verdict.until),
      })),
    verdicts: tests
      .filter((test) => test.verdictAlertedAt !== null && test.verdictAlertedAt >= now - WEEK_MS)
      // The verdict as it now stands; after its end, the version it promoted.
      .map((test) => ({
        name: test.name,
        winner: stats(test)?.decided ?? (test.endResult === "promoted" ? test.winnerVariant : null),
      })),
    ending: tests
      .filter(
        (test) =>
          test.status !== "completed" &&
          test.endsAt !== null &&
          test.endsAt >= now &&
          test.endsAt < now + WEEK_MS,
      )
      .map((test) => ({ name: test.name, endsAt: test.endsAt ?? now })),
  };
  const empty = digest.running.length + digest.verdicts.length + digest.ending.length === 0;
  return empty ? null : digest;
}

/** One run of the digest cron; answers how many emails went out. */
export async function sendDigests(env: Env, now = Date.now()): Promise<number> {
  const db = getDb(env.DB);
  const week = weekOf(now);
  const notYet = or(isNull(memberships.digestSentWeek), lt(memberships.digestSentWeek, week));
  const due = await db
    .select({
      workspaceId: memberships.workspaceId,
      userId: memberships.userId,
      email: users.email,
      workspace: workspaces.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(
      and(eq(memberships.weeklyDigest, true), notYet, isNull(users.deletedAt), isNull(workspaces.deletedAt)),
    )
    .limit(DIGESTS_PER_RUN);
  const digests = new Map<string, Promise<WorkspaceDigest | null>>();
  let sent = 0;
  for (const member of due) {
    // Claimed first, also when there is nothing to say: the member is served for this week.
    const claimed = await db
      .update(memberships)
      .set({ digestSentWeek: week })
      .where(
        and(eq(memberships.workspaceId, member.workspaceId), eq(memberships.userId, member.userId), notYet),
      )
      .returning({ userId: memberships.userId });
    if (claimed.length === 0) continue;
    let digest = digests.get(member.workspaceId);
    if (!digest) {
      digest = digestOf(env, member.workspaceId, member.workspace, now);
      digests.set(member.workspaceId, digest);
    }
    const content = await digest;
    if (!content) continue;
    const email = digestEmail(member.email, content, `${ownOrigin(env)}/dashboard`);
    try {
      await mailerFor(env).send({
        ...email,
        idempotencyKey: `digest-${member.workspaceId}-${member.userId}-${week}`,
      });
      sent += 1;
    } catch (error) {
      // Not retried: the week is claimed, and a retry on the next run could mail it twice.
      log("error", "digest_mail_failed", { workspaceId: member.workspaceId, userId: member.userId, error });
    }
  }
  log("info", "digest_run", { members: due.length, sent });
  return sent;
}

/** Whether the member gets the workspace's weekly digest. */
export async function digestPreferenceOf(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ on: memberships.weeklyDigest })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  return row?.on ?? false;
}

export async function setDigestPreference(
  db: Db,
  workspaceId: string,
  userId: string,
  on: boolean,
): Promise<boolean> {
  await db
    .update(memberships)
    .set({ weeklyDigest: on })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return digestPreferenceOf(db, workspaceId, userId);
}
