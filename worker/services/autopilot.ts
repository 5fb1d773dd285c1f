import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Variant } from "../../contract/api";
import {
  type EndReason,
  type EndResult,
  endWaitsForMinimumDays,
  minimumDaysEnd,
} from "../../contract/schedule";
import { isPlainLink } from "../../contract/variants";
import { VERDICT_MIN_VISITORS } from "../../contract/verdict";
import type { Actor } from "../../contract/workspaces";
import { type Db, getDb } from "../db/client";
import { type SplitTest, splitTests } from "../db/schema";
import { eventsDb } from "../db/shards";
import { storeLink } from "../link-cache/writes";
import { log } from "../observability/log";
import type { AutopilotMessage } from "../queue/capped-links";
import { BANDIT_UPDATE_MS, banditWeights, banditWeightsByRevenue } from "../statistics/bandit";
import { SRM_THRESHOLD, srmTest, srmTestAgainstShares } from "../statistics/frequentist";
import { armCounts, revenueCounts, type VariantTotals } from "../statistics/summary";
import { sendTestAlert, type TestAlert } from "./alerts";
import { armsHarmedOf, heldBackOf, optimisedResults, verdictOfTest, withoutHeldBack } from "./analytics";
import { recordWhen } from "./history";
import { refreshShardCopy } from "./shard-copies";
import { totalsOf } from "./split-tests";

// The cron's scan: one query reads a page of due tests' ids (the open tests, in id order, through
// split_tests_open_idx), and sendBatch takes up to 100 messages at a time. An invocation scans
// SCAN_PAGES pages (8 queries, 40 sends, 4,000 tests: within the 50 queries and subrequests of the free
// plan) and hands the rest on as one message, so however many tests are due, every one is queued in
// this run.
const SCAN_PAGE = 500;
const SCAN_PAGES = 8;
const SEND_BATCH = 100;

/** Who the history says made the autopilot's changes. */
const AUTOPILOT: Actor = { type: "autopilot" };

/** What a look did, for its log line and the tests. */
export interface AutopilotRun {
  /** The tests looked at (not those another look of this run took first). */
  looked: string[];
  ended: { testId: string; endedBy: EndReason; result: EndResult }[];
  alerts: { testId: string; kind: TestAlert["kind"] }[];
  /** Optimised tests whose weights the bandit moved, and to what. */
  weights: { testId: string; weights: number[] }[];
  /** Tests whose look failed: their messages are retried. */
  failed: string[];
}

/**
 * Due at `at`: a test not completed whose end date came, and a running test not yet looked at in the run
 * of `at` that has something to watch for (its visitors, an early stop, Optimise mode, an alert not yet
 * sent, which a plain link never gets: one destination has no verdict or split to alert about). One page of their ids, after `after`, in id order.
 */
export async function dueTestIds(
  db: D1Database,
  at: number,
  after: string,
  limit = SCAN_PAGE,
): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM split_tests INDEXED BY split_tests_open_idx
       WHERE completed_at IS NULL AND id > ?1 AND status != 'completed' AND deleted_at IS NULL
         AND (ends_at <= ?2
           OR (status = 'active' AND (autopilot_checked_at IS NULL OR autopilot_checked_at < ?2)
             AND (end_after_visitors IS NOT NULL OR stop_early OR mode = 'optimise'
               OR ((verdict_alerted_at IS NULL OR srm_alerted_at IS NULL) AND json_array_length(variants) > 1))))
       ORDER BY id LIMIT ?3`,
    )
    .bind(after, at, limit)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/**
 * The cron (CRONS.autopilot, every ten minutes) and its hand-ons: queues one message per due test to
 * the autopilot queue, whose consumer looks at each (lookAtTests). No cap: past SCAN_PAGES pages the
 * rest of the scan is handed on in the queue, ahead of this part's looks, so it goes on while they are
 * looked at. Answers how many tests it queued.
 */
export async function scheduleAutopilot(
  env: Env,
  at: number,
  after = "",
  pageSize = SCAN_PAGE,
): Promise<number> {
  const due: string[] = [];
  let handOnAfter: string | null = null;
  for (let page = 0; page < SCAN_PAGES; page++) {
    const ids = await dueTestIds(env.DB, at, after, pageSize);
    due.push(...ids);
    if (ids.length < pageSize) break;
    after = ids[ids.length - 1] ?? after;
    if (page === SCAN_PAGES - 1) handOnAfter = after;
  }
  if (handOnAfter !== null)
    await env.AUTOPILOT.send({ scanAfter: handOnAfter, at } satisfies AutopilotMessage);
  for (let i = 0; i < due.length; i += SEND_BATCH)
    await env.AUTOPILOT.sendBatch(
      due.slice(i, i + SEND_BATCH).map((testId) => ({ body: { testId, at } satisfies AutopilotMessage })),
    );
  log("info", "autopilot_scheduled", { at, queued: due.length, handedOnAfter: handOnAfter });
  return due.length;
}

/** The autopilot queue's consumer: each batch's looks together, then any scan handed on. */
export async function consumeAutopilot(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const looks: { message: Message<unknown>; testId: string; at: number }[] = [];
  for (const message of batch.messages) {
    const body = message.body as Partial<{ testId: string; scanAfter: string; at: number }> | null;
    if (typeof body?.at !== "number") {
      log("warn", "autopilot_message_dropped", { id: message.id });
      message.ack();
    } else if (typeof body.testId === "string") looks.push({ message, testId: body.testId, at: body.at });
    else if (typeof body.scanAfter === "string") {
      await scheduleAutopilot(env, body.at, body.scanAfter);
      message.ack();
    } else {
      log("warn", "autopilot_message_dropped", { id: message.id });
      message.ack();
    }
  }
  const run = await lookAtTests(env, looks);
  const failed = new Set(run.failed);
  for (const look of looks) {
    if (failed.has(look.testId)) look.message.retry();
    else look.message.ack();
  }
}

/**
 * Looks at each test once for its run (`at`), as the cron's loop once did: ends the tests whose date came,
 * that reached their visitors, or (with stopEarly) have a clear winner, doing what each chose; moves an
 * optimised test's weights; sends each alert once. Two queries for the whole batch (the tests, their
 * totals) and one to mark them looked at, then only what a test's actions need. A test already looked
 * at for its run (a redelivered message) is left alone, and every change is a guarded write that only
 * one look can make, so two looks at once, or a look retried after a failure, do nothing twice. A look
 * that fails every retry is dropped: the test is still due, and the next run queues it again.
 */
export async function lookAtTests(
  env: Env,
  looks: readonly { testId: string; at: number }[],
  now = Date.now(),
): Promise<AutopilotRun> {
  const run: AutopilotRun = { looked: [], ended: [], alerts: [], weights: [], failed: [] };
  if (looks.length === 0) return run;
  const db = getDb(env.DB);
  const runOf = new Map<string, number>();
  for (const { testId, at } of looks) runOf.set(testId, Math.max(at, runOf.get(testId) ?? 0));
  const open = await db
    .select()
    .from(splitTests)
    .where(
      and(
        sql`${splitTests.id} IN (SELECT value FROM json_each(${JSON.stringify([...runOf.keys()])}))`,
        isNull(splitTests.completedAt),
        ne(splitTests.status, "completed"),
        isNull(splitTests.deletedAt),
      ),
    );
  const isDue = (test: SplitTest) => test.endsAt !== null && test.endsAt <= now;
  const tests = open.filter(
    (test) =>
      isDue(test) || test.autopilotCheckedAt === null || test.autopilotCheckedAt < (runOf.get(test.id) ?? 0),
  );
  const totals = await totalsOf(env, tests);
  for (const test of tests) {
    try {
      await lookAt(env, db, test, totals.get(test.id) ?? [], isDue(test), now, run);
      run.looked.push(test.id);
    } catch (error) {
      log("error", "autopilot_look_failed", { testId: test.id, error });
      run.failed.push(test.id);
    }
  }
  if (run.looked.length > 0)
    await env.DB.prepare(
      `UPDATE split_tests SET autopilot_checked_at = max(coalesce(autopilot_checked_at, 0), looks.at)
       FROM (SELECT value ->> 0 AS id, value ->> 1 AS at FROM json_each(?1)) AS looks
       WHERE split_tests.id = looks.id`,
    )
      .bind(JSON.stringify(run.looked.map((id) => [id, runOf.get(id)])))
      .run();
  log("info", "autopilot_run", {
    looked: run.looked.length,
    ended: run.ended.length,
    alerts: run.alerts.length,
    weights: run.weights.length,
    failed: run.failed.length,
  });
  return run;
}

async function lookAt(
  env: Env,
  db: Db,
  test: SplitTest,
  totals: VariantTotals[],
  due: boolean,
  now: number,
  run: AutopilotRun,
): Promise<void> {
  // The one verdict, as the test page shows it; an optimised test checks its split against the weights
  // in force at each time.
  const optimised =
    test.mode === "optimise" ? await optimisedResults(eventsDb(env, test.shard), test, totals) : null;
  const { verdict } = await verdictOfTest(eventsDb(env, test.shard), test, totals, optimised?.totals, now);
  const { winner } = verdict;
  const visitors = totals.reduce((sum, arm) => sum + arm.visitors, 0);
  if (test.status === "active" && winner && (await claimAlert(db, test.id, "verdictAlertedAt", now)))
    await alert(env, test, { kind: "verdict", winner }, run);
  // A plain link's one destination gets everyone: there is no split to check (issue #49).
  if (test.status === "active" && !isPlainLink(totals) && visitors >= VERDICT_MIN_VISITORS * totals.length) {
    const split = totals.map((arm) => arm.visitors);
    const srm = optimised
      ? srmTestAgainstShares(split, optimised.expectedShares)
      : srmTest(
          split,
          test.variants.map((variant) => variant.weight),
        );
    if (srm.pValue < SRM_THRESHOLD && (await claimAlert(db, test.id, "srmAlertedAt", now)))
      await alert(env, test, { kind: "srm", pValue: srm.pValue }, run);
  }
  // Its visitors end waits for the minimum days, as the verdict does (an end to the after-page decides
  // nothing and does not); its date cannot come before them.
  const endedBy: EndReason | null = due
    ? "date"
    : test.status === "active" &&
        test.endAfterVisitors !== null &&
        visitors >= test.endAfterVisitors &&
        (!endWaitsForMinimumDays(test.onEnd) || now >= minimumDaysEnd(test))
      ? "visitors"
      : test.status === "active" && test.stopEarly && winner
        ? "winner"
        : null;
  if (endedBy) await endTest(env, db, test, endedBy, winner, now, run);
  else if (optimised && test.status === "active") await moveWeights(env, test, totals, now, run);
}

/**
 * The bandit's step (statistics/bandit.ts): new weights from the arms' counts, at most once per
 * BANDIT_UPDATE_MS. The weights change only if no other run changed them since this one read the test,
 * and each new set is kept in weight_history with the time it took effect; the link follows at once.
 */
async function moveWeights(
  env: Env,
  test: SplitTest,
  totals: VariantTotals[],
  now: number,
  run: AutopilotRun,
): Promise<void> {
  if (now - (test.weightsUpdatedAt ?? test.createdAt) < BANDIT_UPDATE_MS) return;
  // Every variant without what the test's top addresses brought it: no few addresses steer the traffic.
  const events = eventsDb(env, test.shard);
  const held = await heldBackOf(events, test, null);
  const evidence = totals.map((arm, i) => withoutHeldBack(arm, held[i]));
  // No traffic moves towards a version proven worse on a guardrail (issue #48), without its top addresses too.
  const harmed = await armsHarmedOf(events, test, totals);
  const weights =
    test.primaryMetric === "revenue_per_visitor"
      ? banditWeightsByRevenue(evidence.map(revenueCounts), harmed)
      : banditWeights(evidence.map(armCounts), harmed);
  if (weights.every((weight, i) => weight === test.variants[i]?.weight)) return;
  const variants = test.variants.map((variant, i) => ({ ...variant, weight: weights[i] ?? 0 }));
  const history = recordWhen(
    getDb(env.DB),
    {
      workspaceId: test.workspaceId ?? test.userId,
      splitTestId: test.id,
      actor: AUTOPILOT,
      action: "test.weights_moved",
      details: { before: test.variants.map((variant) => variant.weight), after: weights },
    },
    now,
    sql`SELECT 1 FROM ${splitTests} WHERE ${splitTests.id} = ${test.id} AND ${splitTests.weightsUpdatedAt} = ${now}`,
  ).toSQL();
  const [changed] = await env.DB.batch<SplitTest>([
    env.DB.prepare(
      `UPDATE split_tests SET variants = ?1, weights_updated_at = ?2
       WHERE id = ?3 AND status = 'active' AND weights_updated_at IS ?4 RETURNING id`,
    ).bind(JSON.stringify(variants), now, test.id, test.weightsUpdatedAt),
    env.DB.prepare(
      `INSERT OR IGNORE INTO weight_history (split_test_id, since, weights)
       SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM split_tests WHERE id = ?1 AND weights_updated_at = ?2)`,
    ).bind(test.id, now, JSON.stringify(weights)),
    env.DB.prepare(history.sql).bind(...history.params),
  ]);
  if (!changed?.results.length) return;
  await refreshShardCopy(env, test.id);
  await storeLink(env, { ...test, variants });
  run.weights.push({ testId: test.id, weights });
  log("info", "weights_moved", { testId: test.id, weights });
}

/** Sets the alert's time if no run has yet; true for the one run that did. */
async function claimAlert(
  db: Db,
  testId: string,
  column: "verdictAlertedAt" | "srmAlertedAt",
  now: number,
): Promise<boolean> {
  const claimed = await db
    .update(splitTests)
    .set({ [column]: now })
    .where(and(eq(splitTests.id, testId), isNull(splitTests[column])))
    .returning({ id: splitTests.id });
  return claimed.length > 0;
}

async function alert(env: Env, test: SplitTest, what: TestAlert, run: AutopilotRun): Promise<void> {
  run.alerts.push({ testId: test.id, kind: what.kind });
  await sendTestAlert(env, test, what);
}

/**
 * What the end does, by the test's choice: the after-page, or promote only a winner the always-valid verdict names (else
 * the control, and the test says why); a paused test that ends keeping its split keeps sending
 * everyone to A, as it did.
 */
function endOf(
  test: SplitTest,
  winner: Variant | null,
): { result: EndResult; winnerVariant: Variant | null } {
  if (test.onEnd === "promote")
    return winner
      ? { result: "promoted", winnerVariant: winner }
      : { result: "no_winner", winnerVariant: "A" };
  if (test.onEnd === "url") return { result: "url", winnerVariant: null };
  if (test.onEnd === "control" || test.status === "paused") return { result: "control", winnerVariant: "A" };
  return { result: "kept", winnerVariant: null };
}

async function endTest(
  env: Env,
  db: Db,
  test: SplitTest,
  endedBy: EndReason,
  winner: Variant | null,
  now: number,
  run: AutopilotRun,
): Promise<void> {
  const { result, winnerVariant } = endOf(test, winner);
  // Guarded on "not completed": a manual promote or another run that came first wins.
  const [[ended]] = await db.batch([
    db
      .update(splitTests)
      .set({ status: "completed", completedAt: now, winnerVariant, endedBy, endResult: result })
      .where(and(eq(splitTests.id, test.id), ne(splitTests.status, "completed")))
      .returning(),
    recordWhen(
      db,
      {
        workspaceId: test.workspaceId ?? test.userId,
        splitTestId: test.id,
        actor: AUTOPILOT,
        action: "test.ended",
        details: { reason: endedBy, result, winner: winnerVariant },
      },
      now,
      // Only the end this run made: its time and reason.
      sql`SELECT 1 FROM ${splitTests} WHERE ${splitTests.id} = ${test.id} AND ${splitTests.completedAt} = ${now}
        AND ${splitTests.endedBy} = ${endedBy}`,
    ),
  ]);
  if (!ended) return;
  await refreshShardCopy(env, test.id);
  await storeLink(env, ended);
  run.ended.push({ testId: test.id, endedBy, result });
  log("info", "test_ended", { testId: test.id, endedBy, result, winnerVariant });
  await alert(env, ended, { kind: "completed", endedBy, result, winner: winnerVariant }, run);
}
