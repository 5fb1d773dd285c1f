import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type {
  HistoryAction,
  HistoryEvent,
  SplitTest,
  UpdateTestInput,
  WorkspaceHistoryEvent,
} from "../../contract/api";
import type { Actor } from "../../contract/workspaces";
import type { Db } from "../db/client";
import { apiKeys, historyEvents, splitTests, webhookEndpoints } from "../db/schema";
import { csvLine } from "../lib/csv";
import { log } from "../observability/log";
import { ownedTest } from "./split-tests";

// The history of a workspace: each change, who made it and a few details (never a secret). The routes
// record what a request changed once the change succeeded, the autopilot what it did itself.

/** One change to record. Details stay small: names, URLs, weights, never a key or a signing secret. */
export interface HistoryChange {
  workspaceId: string;
  splitTestId?: string | null;
  actor: Actor;
  action: HistoryAction;
  details?: Record<string, unknown>;
}

/** The row of a change, for a caller that writes it in its own batch. */
export function historyRow(change: HistoryChange, at = Date.now()): typeof historyEvents.$inferInsert {
  return {
    workspaceId: change.workspaceId,
    splitTestId: change.splitTestId ?? null,
    at,
    actorType: change.actor.type,
    actorUserId: change.actor.userId ?? null,
    actorLabel: change.actor.label ?? null,
    action: change.action,
    details: change.details ?? {},
  };
}

/**
 * Records changes that already happened. A failure is logged, not thrown: the change itself stands,
 * and the caller's answer says so.
 */
export async function recordChange(db: Db, ...changes: HistoryChange[]): Promise<void> {
  if (changes.length === 0) return;
  const at = Date.now();
  try {
    await db.insert(historyEvents).values(changes.map((change) => historyRow(change, at)));
  } catch (error) {
    log("error", "history_record_failed", { actions: changes.map((change) => change.action), error });
  }
}

/**
 * The statement that records a change only if `condition` (a SELECT) finds a row, for a batch whose
 * guarded write may do nothing: the history then says nothing either. Its columns are the table's, in order.
 */
export function recordWhen(db: Db, change: HistoryChange, at: number, condition: SQL) {
  const row = historyRow(change, at);
  return db
    .insert(historyEvents)
    .select(
      sql`SELECT NULL,${row.workspaceId},${row.splitTestId},${row.at},${row.actorType},${row.actorUserId},${row.actorLabel},${row.action},${JSON.stringify(row.details)} WHERE EXISTS (${condition})`,
    );
}

/** An API key's name before it is revoked; null when the workspace has no such key. */
export async function apiKeyName(db: Db, workspaceId: string, id: string): Promise<string | null> {
  const row = await db
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)))
    .get();
  return row?.name ?? null;
}

/** A webhook endpoint's URL before it is deleted; null when the workspace has no such endpoint. */
export async function webhookUrl(db: Db, workspaceId: string, id: string): Promise<string | null> {
  const row = await db
    .select({ url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .get();
  return row?.url ?? null;
}

type EventRow = typeof historyEvents.$inferSelect;

function toClientEvent(row: EventRow): HistoryEvent {
  const actor: HistoryEvent["actor"] = { type: row.actorType };
  if (row.actorType === "user" && row.actorLabel) actor.email = row.actorLabel;
  if (row.actorType === "api_key" && row.actorLabel) actor.name = row.actorLabel;
  return { id: row.id, at: row.at, actor, action: row.action as HistoryAction, details: row.details };
}

/** A test's history, newest first; 404 for a test the workspace does not have. */
export async function testHistory(
  db: Db,
  workspaceId: string,
  key: { id: string } | { slug: string },
): Promise<HistoryEvent[]> {
  const test = await ownedTest(db, workspaceId, key);
  const rows = await db
    .select()
    .from(historyEvents)
    .where(and(eq(historyEvents.workspaceId, workspaceId), eq(historyEvents.splitTestId, test.id)))
    .orderBy(desc(historyEvents.id))
    .limit(500);
  return rows.map(toClientEvent);
}

/** A page of the workspace's log, newest first, each event with its test's name and slug. */
export async function workspaceHistory(
  db: Db,
  workspaceId: string,
  page: { before?: number; limit: number },
): Promise<{ events: WorkspaceHistoryEvent[]; nextBefore: number | null }> {
  const where: SQL | undefined = and(
    eq(historyEvents.workspaceId, workspaceId),
    page.before === undefined ? undefined : lt(historyEvents.id, page.before),
  );
  const rows = await db
    .select({
      event: historyEvents,
      testName: splitTests.name,
      testSlug: splitTests.slug,
      testDeletedAt: splitTests.deletedAt,
    })
    .from(historyEvents)
    // The test's own workspace only: an id from elsewhere never lends its name.
    .leftJoin(
      splitTests,
      and(
        eq(splitTests.id, historyEvents.splitTestId),
        eq(splitTests.workspaceId, historyEvents.workspaceId),
      ),
    )
    .where(where)
    .orderBy(desc(historyEvents.id))
    .limit(page.limit + 1);
  const events = rows.slice(0, page.limit).map(({ event, testName, testSlug, testDeletedAt }) => ({
    ...toClientEvent(event),
    testId: event.splitTestId,
    // A deleted test's row is gone once purged: its name as the deletion recorded it.
    testName:
      event.splitTestId === null
        ? null
        : (testName ?? (typeof event.details.name === "string" ? event.details.name : null)),
    testSlug: testDeletedAt === null ? testSlug : null,
  }));
  const last = events.at(-1);
  return { events, nextBefore: rows.length > page.limit && last ? last.id : null };
}

const CSV_PAGE = 500;

/** The workspace's whole log as CSV, newest first: one header line, then one line per event. */
export async function workspaceHistoryCsv(db: Db, workspaceId: string): Promise<string> {
  let csv = csvLine(["time", "actor_type", "actor", "action", "test_id", "test_name", "details"]);
  let before: number | undefined;
  do {
    const page = await workspaceHistory(db, workspaceId, { before, limit: CSV_PAGE });
    for (const event of page.events)
      csv += csvLine([
        new Date(event.at).toISOString(),
        event.actor.type,
        event.actor.email ?? event.actor.name ?? null,
        event.action,
        event.testId,
        event.testName,
        JSON.stringify(event.details),
      ]);
    before = page.nextBefore ?? undefined;
  } while (before !== undefined);
  return csv;
}

type Change = Pick<HistoryChange, "action" | "details">;
type VariantLike = { url: string; weight: number; name?: string | null };

const variantsDetail = (variants: readonly VariantLike[]) =>
  variants.map(({ url, weight, name }) => (name ? { url, weight, name } : { url, weight }));

/** The fields of each kind of change after the variants: any of them sent records all of them as they now are. */
const GROUPS = [
  ["test.rules_changed", ["rules", "fallbackUrl"]],
  [
    "test.end_settings_changed",
    ["startsAt", "beforeUrl", "endsAt", "endAfterVisitors", "onEnd", "afterUrl", "stopEarly", "minimumDays"],
  ],
  ["test.tags_changed", ["tags"]],
  [
    "test.goal_changed",
    ["conversionGoal", "conversionUrl", "conversionUrlMatch", "metrics", "currency", "conversionSources"],
  ],
] as const;

/** What a change to a test did, one entry per kind (variants or weights, rules, end, goal). */
export function testChanges(
  before: typeof splitTests.$inferSelect,
  after: SplitTest,
  input: UpdateTestInput,
) {
  const changes: Change[] = [];
  if (input.variants) {
    const was = variantsDetail(before.variants);
    const now = variantsDetail(after.variants);
    const phase = after.phase !== before.phase ? { phase: after.phase } : {};
    const weightsOnly =
      was.length === now.length && was.every((v, i) => v.url === now[i]?.url && v.name === now[i]?.name);
    if (!weightsOnly)
      changes.push({ action: "test.variants_changed", details: { before: was, after: now, ...phase } });
    else if (was.some((v, i) => v.weight !== now[i]?.weight))
      changes.push({
        action: "test.weights_changed",
        details: { before: was.map((v) => v.weight), after: now.map((v) => v.weight), ...phase },
      });
  }
  // Whether the link has a password now: never the password, nor its hash.
  if (input.password !== undefined)
    changes.push({
      action: "test.password_changed",
      details: { passwordProtected: after.passwordProtected },
    });
  for (const [action, keys] of GROUPS)
    if (keys.some((key) => input[key] !== undefined))
      changes.push({
        action,
        // The rules by their number: the test page shows them.
        details: Object.fromEntries(
          keys.map((key) => [key, key === "rules" ? after.rules.length : after[key]]),
        ),
      });
  return changes;
}
