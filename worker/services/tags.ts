import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Tag } from "../../contract/api";
import { WORKSPACE_QUOTAS } from "../../contract/quotas";
import { defaultTagColour, type TagColour } from "../../contract/tags";
import type { Db } from "../db/client";
import { splitTests, tagColours, testTags } from "../db/schema";
import { assertBelowQuota } from "./quotas";

// Tags (issue #49 point 4): a test's tags (test_tags, lower-cased by contract/tags.ts) and their colours
// per workspace (tag_colours). Every statement names the workspace.

/** The statements that replace a test's tags: run in the caller's batch, beside the test's own write. */
export function tagWrites(db: Db, workspaceId: string, testId: string, tags: readonly string[]) {
  return [
    db.delete(testTags).where(and(eq(testTags.workspaceId, workspaceId), eq(testTags.splitTestId, testId))),
    ...(tags.length > 0
      ? [db.insert(testTags).values(tags.map((tag) => ({ splitTestId: testId, workspaceId, tag })))]
      : []),
  ] as const;
}

/** Replaces a test's tags (the caller checked the test is the workspace's). */
export async function setTestTags(
  db: Db,
  workspaceId: string,
  testId: string,
  tags: readonly string[],
): Promise<void> {
  const [first, ...rest] = tagWrites(db, workspaceId, testId, tags);
  await db.batch([first, ...rest]);
}

/** A test's tags in alphabetical order. */
export async function tagsOfTest(db: Db, testId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: testTags.tag })
    .from(testTags)
    .where(eq(testTags.splitTestId, testId))
    .orderBy(testTags.tag);
  return rows.map((row) => row.tag);
}

/** A test's tags in alphabetical order, as one JSON array column of a query on split_tests. */
export const tagsColumn = sql<string>`(SELECT json_group_array(tag) FROM
  (SELECT tag FROM ${testTags} WHERE ${testTags.splitTestId} = ${splitTests.id} ORDER BY tag))`;

/** Only the workspace's tests that carry `tag`, through the (workspace, tag) index. */
export const carriesTag = (workspaceId: string, tag: string) =>
  sql`${splitTests.id} IN (SELECT ${testTags.splitTestId} FROM ${testTags}
        WHERE ${testTags.workspaceId} = ${workspaceId} AND ${testTags.tag} = ${tag})`;

/** Whether one of a test's tags contains `term` (lower-case). */
export const tagContains = (term: string) =>
  sql`EXISTS (SELECT 1 FROM ${testTags} WHERE ${testTags.splitTestId} = ${splitTests.id}
        AND instr(${testTags.tag}, ${term}) > 0)`;

/**
 * The tags the workspace's live tests carry, by name, with their colours (a default until one is set) and
 * how many tests carry each.
 */
export async function tagsOf(db: Db, workspaceId: string): Promise<Tag[]> {
  const rows = await db
    .select({ name: testTags.tag, tests: sql<number>`count(*)`.mapWith(Number), colour: tagColours.colour })
    .from(testTags)
    .innerJoin(splitTests, eq(splitTests.id, testTags.splitTestId))
    .leftJoin(tagColours, and(eq(tagColours.workspaceId, workspaceId), eq(tagColours.tag, testTags.tag)))
    .where(and(eq(testTags.workspaceId, workspaceId), isNull(splitTests.deletedAt)))
    .groupBy(testTags.tag)
    .orderBy(testTags.tag);
  return rows.map((row) => ({ ...row, colour: row.colour ?? defaultTagColour(row.name) }));
}

/**
 * Sets a tag's colour in the workspace. A tag no test carries yet may be given one: the colour waits for
 * it. The answer counts the tests that carry it. A workspace colours at most WORKSPACE_QUOTAS.tagColours
 * tags: at the limit, the colours of tags no test carries any more go first, so the rows stay bounded and
 * a workspace is never stuck with colours it cannot see.
 */
export async function setTagColour(
  db: Db,
  workspaceId: string,
  tag: string,
  colour: TagColour,
): Promise<Tag> {
  const ours = eq(tagColours.workspaceId, workspaceId);
  const coloured = () => db.$count(tagColours, ours);
  const recoloured = await db
    .select()
    .from(tagColours)
    .where(and(ours, eq(tagColours.tag, tag)))
    .get();
  if (!recoloured && (await coloured()) >= WORKSPACE_QUOTAS.tagColours) {
    await db
      .delete(tagColours)
      .where(
        and(
          ours,
          notInArray(
            tagColours.tag,
            db.select({ tag: testTags.tag }).from(testTags).where(eq(testTags.workspaceId, workspaceId)),
          ),
        ),
      );
    assertBelowQuota("tagColours", await coloured());
  }
  await db
    .insert(tagColours)
    .values({ workspaceId, tag, colour })
    .onConflictDoUpdate({ target: [tagColours.workspaceId, tagColours.tag], set: { colour } });
  const found = (await tagsOf(db, workspaceId)).find((row) => row.name === tag);
  return { name: tag, colour, tests: found?.tests ?? 0 };
}
