import { and, asc, desc, eq, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Variant } from "../../contract/api";
import type { EndReason, EndResult } from "../../contract/schedule";
import { VERDICT_MIN_VISITORS } from "../../contract/verdict";
import type { Actor } from "../../contract/workspaces";
import { type Db, getDb } from "../db/client";
import { type SplitTest, splitTests } from "../db/schema";
import { copyTestToShard, eventsDb } from "../db/shards";
import { storeLink } from "../link-cache/writes";
import { log } from "../observability/log";
import { BANDIT_UPDATE_MS, banditWeights, banditWeightsByRevenue } from "../statistics/bandit";
import { SRM_THRESHOLD, srmTest, srmTestAgainstShares } from "../statistics/frequentist";
import { armCounts, revenueCounts, type VariantTotals } from "../statistics/summary";
import { sendTestAlert, type TestAlert } from "./alerts";
import { decidedVerdict, heldBackOf, optimisedResults, withoutHeldBack } from "./analytics";
import { recordWhen } from "./history";
import { totalsOf } from "./split-tests";

// The cron's budget: an invocation may make 50 D1 queries on the free plan. A run reads the due and the
// watched tests, their totals and marks them looked at (4 queries); each action (an end or an alert)
// costs about three more. What a run leaves waits for the next, ten minutes later.
const DUE_PER_RUN = 10;
const WATCHED_PER_RUN = 100;
const ACTIONS_PER_RUN = 12;

/** Who the history says made the autopilot's changes. */
const AUTOPILOT: Actor = { type: "autopilot" };

/** What one run did, for its log line and the tests. */
export interface AutopilotRun {
  ended: { testId: string; endedBy: EndReason; result: EndResult }[];
  alerts: { testId: string; kind: TestAlert["kind"] }[];
  /** Optimised tests whose weights the bandit moved, and to what. */
  weights: { testId: string; weights: number[] }[];
}

/**
 * The scheduled work on running tests, every ten minutes (CRONS.autopilot): ends the tests whose date
 * came, that reached their visitors, or (with stopEarly) have a clear winner, doing what each chose;
 * and sends each alert once. Every change is a guarded write that only one run can make, so two runs
 * at once, or one run twice, do nothing twice.
 */
export async function runAutopilot(env: Env, now = Date.now()): Promise<AutopilotRun> {
  const db = getDb(env.DB);
  const run: AutopilotRun = { ended: [], alerts: [], weights: [] };
  const due = await db
    .select()
    .from(splitTests)
    .where(
      and(
        isNull(splitTests.completedAt),
        ne(splitTests.status, "completed"),
        isNotNull(splitTests.endsAt),
        lte(splitTests.endsAt, now),
      ),
    )
    .orderBy(asc(splitTests.endsAt))
    .limit(DUE_PER_RUN);
  // Tests with an end to watch for come first, then the least recently looked at.
  const watched = await db
    .select()
    .from(splitTests)
    .where(eq(splitTests.status, "active"))
    .orderBy(
      desc(
        sql`${splitTests.endAfterVisitors} IS NOT NULL OR ${splitTests.stopEarly} OR ${splitTests.mode} = 'optimise'`,
      ),
      sql`${splitTests.autopilotCheckedAt} IS NOT NULL`,
      asc(splitTests.autopilotCheckedAt),
    )
    .limit(WATCHED_PER_RUN);
  const dueIds = new Set(due.map((test) => test.id));
  const tests = [...due, ...watched.filter((test) => !dueIds.has(test.id))];
  const totals = await totalsOf(env, tests);

  const looked: string[] = [];
  for (const test of tests) {
    if (run.ended.length + run.alerts.length + run.weights.length >= ACTIONS_PER_RUN) break;
    await lookAt(env, db, test, totals.get(test.id) ?? [], dueIds.has(test.id), now, run);
    looked.push(test.id);
  }
  if (looked.length > 0)
    await db
      .update(splitTests)
      .set({ autopilotCheckedAt: now })
      .where(sql`${splitTests.id} IN (SELECT value FROM json_each(${JSON.stringify(looked)}))`);
  log("info", "autopilot_run", {
    looked: looked.length,
    ended: run.ended.length,
    alerts: run.alerts.length,
    weights: run.weights.length,
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
  // An optimised test decides by its results reweighted by period, and checks its split against the
  // weights in force at each time.
  const optimised =
    test.mode === "optimise" ? await optimisedResults(eventsDb(env, test.shard), test, totals) : null;
  const { winner } = await decidedVerdict(eventsDb(env, test.shard), test, optimised?.totals ?? totals);
  const visitors = totals.reduce((sum, arm) => sum + arm.visitors, 0);
  if (test.status === "active" && winner && (await claimAlert(db, test.id, "verdictAlertedAt", now)))
    await alert(env, test, { kind: "verdict", winner }, run);
  if (test.status === "active" && visitors >= VERDICT_MIN_VISITORS * totals.length) {
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
  const endedBy: EndReason | null = due
    ? "date"
    : test.status === "active" && test.endAfterVisitors !== null && visitors >= test.endAfterVisitors
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
  const held = await heldBackOf(eventsDb(env, test.shard), test, null);
  const evidence = totals.map((arm, i) => withoutHeldBack(arm, held[i]));
  const weights =
    test.primaryMetric === "revenue_per_visitor"
      ? banditWeightsByRevenue(evidence.map(revenueCounts))
      : banditWeights(evidence.map(armCounts));
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
  await copyTestToShard(env, test.id);
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
 * What the end does, by the test's choice: promote only a winner the always-valid verdict names (else
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
  await copyTestToShard(env, test.id);
  await storeLink(env, ended);
  run.ended.push({ testId: test.id, endedBy, result });
  log("info", "test_ended", { testId: test.id, endedBy, result, winnerVariant });
  await alert(env, ended, { kind: "completed", endedBy, result, winner: winnerVariant }, run);
}
