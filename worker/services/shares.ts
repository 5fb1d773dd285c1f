import { and, eq, isNull } from "drizzle-orm";
import type { TestAnalytics } from "../../contract/api";
import { type Db, getDb } from "../db/client";
import { type SplitTest, shareLinks, splitTests, workspaces } from "../db/schema";
import { eventsDb } from "../db/shards";
import { randomToken } from "../lib/base64url";
import { analyticsOf } from "./analytics";

// A test's read-only report link (issue #34, point 5): one live token per test; the public page reads
// the test's analytics by it, and a revoked token (deleted row) finds nothing at once.

/** Where a report token leads: `{origin}/report/{token}`. */
export const reportUrl = (origin: string, token: string) => `${origin}/report/${token}`;

/** The test's live report token, or null. */
export async function shareTokenOf(db: Db, testId: string): Promise<string | null> {
  const row = await db
    .select({ token: shareLinks.token })
    .from(shareLinks)
    .where(eq(shareLinks.splitTestId, testId))
    .get();
  return row?.token ?? null;
}

/** The test's report token: the live one if there is one (two racing calls get the same), else a new one. */
export async function shareTest(
  db: Db,
  testId: string,
  userId: string,
): Promise<{ token: string; created: boolean }> {
  const inserted = await db
    .insert(shareLinks)
    .values({ splitTestId: testId, token: randomToken(32), createdBy: userId, createdAt: Date.now() })
    .onConflictDoNothing({ target: shareLinks.splitTestId })
    .returning({ token: shareLinks.token });
  const token = inserted[0]?.token ?? (await shareTokenOf(db, testId));
  if (!token) throw new Error("share link vanished right after its insert");
  return { token, created: inserted.length > 0 };
}

/** Revokes the test's report link (nothing to do when it has none); answers whether one was revoked. */
export async function revokeShare(db: Db, testId: string): Promise<boolean> {
  const deleted = await db
    .delete(shareLinks)
    .where(eq(shareLinks.splitTestId, testId))
    .returning({ token: shareLinks.token });
  return deleted.length > 0;
}

/** What the public report shows: the test behind a live token with the test page's analytics, or null. */
export async function reportOf(
  env: Env,
  token: string,
  now = Date.now(),
): Promise<{ test: SplitTest; analytics: TestAnalytics } | null> {
  // Tokens are 32 random bytes in base64url: anything else is no token, without a query.
  if (!/^[\w-]{43}$/.test(token)) return null;
  const row = await getDb(env.DB)
    .select({ test: splitTests })
    .from(shareLinks)
    .innerJoin(splitTests, eq(splitTests.id, shareLinks.splitTestId))
    .innerJoin(workspaces, eq(workspaces.id, splitTests.workspaceId))
    .where(and(eq(shareLinks.token, token), isNull(splitTests.deletedAt), isNull(workspaces.deletedAt)))
    .get();
  if (!row) return null;
  return { test: row.test, analytics: await analyticsOf(eventsDb(env, row.test.shard), row.test, now) };
}
