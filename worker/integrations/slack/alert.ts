import { eq } from "drizzle-orm";
import type { Variant } from "../../../contract/api";
import { ANALYTICS_MESSAGES, END_MESSAGES, SLACK_MESSAGES } from "../../../contract/messages";
import { recommendationOf, signedPercent } from "../../../contract/reading";
import { labelWithName } from "../../../contract/variants";
import { getDb } from "../../db/client";
import { type SplitTest, splitTests } from "../../db/schema";
import { eventsDb } from "../../db/shards";
import { ownOrigin } from "../../lib/links";
import { analyticsOf } from "../../services/analytics";
import { queueSlackMessage, type SlackAlertMessage, type TestAlert } from "../../webhooks/events";
import { connectionRow } from "./connection";
import { type SlackAlertText, slackAlertBody } from "./message";

// A test's alert in the workspace's Slack (issue #36, point 2): its words, from the test page's reading.

/**
 * The alert's words in Slack: for a verdict the recommendation (contract/reading.ts) with the winner and
 * its lift against A with the interval; for an end what it did and why; for a sample-ratio mismatch the
 * test page's warning.
 */
async function alertText(
  env: Env,
  test: SplitTest,
  alert: TestAlert,
  winnerName: string | null,
): Promise<SlackAlertText> {
  const link = `${ownOrigin(env)}/test/${encodeURIComponent(test.slug)}`;
  if (alert.kind === "srm")
    return {
      fallback: SLACK_MESSAGES.srmFallback(test.name),
      header: SLACK_MESSAGES.srmHeader(test.name),
      summary: ANALYTICS_MESSAGES.srmWarning,
      fields: [{ label: SLACK_MESSAGES.pValueField, value: alert.pValue.toPrecision(2) }],
      link,
    };
  if (alert.kind === "completed") {
    const winner = alert.winner && labelWithName(alert.winner, winnerName);
    const result =
      alert.result === "promoted"
        ? END_MESSAGES.result.promoted(winner ?? "A")
        : END_MESSAGES.result[alert.result];
    return {
      fallback: SLACK_MESSAGES.completedFallback(test.name),
      header: SLACK_MESSAGES.completedHeader(test.name),
      summary: `${END_MESSAGES.reason[alert.endedBy]} ${result}`,
      fields: winner ? [{ label: SLACK_MESSAGES.winnerField, value: winner }] : [],
      link,
    };
  }
  const winner = labelWithName(alert.winner, winnerName);
  const { summary, lift } = await verdictReading(env, test, alert.winner);
  return {
    fallback: SLACK_MESSAGES.verdictFallback(test.name, winner),
    header: SLACK_MESSAGES.verdictHeader(test.name),
    summary: summary ?? SLACK_MESSAGES.verdictFallback(test.name, winner),
    fields: [
      { label: SLACK_MESSAGES.winnerField, value: winner },
      ...(lift ? [{ label: SLACK_MESSAGES.liftField, value: lift }] : []),
    ],
    link,
  };
}

/** The test page's recommendation and the winner's lift against A ("+98 % (between +12 % and +240 %)"). */
async function verdictReading(
  env: Env,
  test: SplitTest,
  winner: Variant,
): Promise<{ summary: string | null; lift: string | null }> {
  const now = Date.now();
  const analytics = await analyticsOf(eventsDb(env, test.shard), test, now);
  const arm = analytics.arms.find((candidate) => candidate.label === winner);
  const vs = analytics.primaryMetric === "revenue_per_visitor" ? arm?.revenue.vsControl : arm?.vsControl;
  const relative = vs?.relativeLift ?? null;
  const lift = relative
    ? relative.interval
      ? SLACK_MESSAGES.lift(
          signedPercent(relative.lift),
          signedPercent(relative.interval.lower),
          signedPercent(relative.interval.upper),
        )
      : signedPercent(relative.lift)
    : null;
  // The page's sentence, when the page reads the same verdict.
  const summary = analytics.verdict.winner === winner ? recommendationOf(analytics, now).text : null;
  return { summary, lift };
}

/**
 * Words a test's alert (services/alerts.ts queued it) and queues its message to the workspace's Slack, if
 * it has one, under the alert's event id (the webhooks' too): one message per event and connection, its
 * bytes made once so every retry posts the same. Nothing when the test or the connection is gone.
 */
export async function queueSlackAlertMessage(env: Env, message: SlackAlertMessage): Promise<void> {
  const db = getDb(env.DB);
  const row = await connectionRow(db, message.workspaceId);
  if (!row || row.disabledAt !== null) return;
  const test = await db.select().from(splitTests).where(eq(splitTests.id, message.testId)).get();
  if (!test) return;
  const body = slackAlertBody(await alertText(env, test, message.alert, message.winnerName));
  await queueSlackMessage(env.WEBHOOKS, {
    connectionId: row.id,
    eventId: message.eventId,
    type: message.type,
    body,
  });
}
