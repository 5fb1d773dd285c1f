import { and, eq, isNotNull } from "drizzle-orm";
import type { IntegrationStatus, SlackConnection, SlackTestResponse, Variant } from "../../contract/api";
import { maskedSlackWebhookUrl } from "../../contract/api/integrations";
import { ANALYTICS_MESSAGES, END_MESSAGES, SLACK_MESSAGES } from "../../contract/messages";
import { recommendationOf, signedPercent } from "../../contract/reading";
import { labelWithName } from "../../contract/variants";
import { type Db, getDb } from "../db/client";
import { type SlackConnectionRow, type SplitTest, slackConnections } from "../db/schema";
import { eventsDb } from "../db/shards";
import { ApiError } from "../errors";
import { timeOrderedUuid } from "../lib/ids";
import { log } from "../observability/log";
import { queueSlackMessage } from "../webhooks/events";
import { logAttempt } from "../webhooks/record";
import { attemptSlack, recordSlackAttempt } from "../webhooks/slack";
import { type SlackAlertText, slackAlertBody, slackTestBody } from "../webhooks/slack-message";
import type { TestAlert } from "./alerts";
import { analyticsOf } from "./analytics";
import type { Creator } from "./workspaces";

// A workspace's Slack incoming webhook (issue #36, point 2): connecting, the status, the test message,
// and each alert's message, queued on the webhooks' queue (worker/webhooks/slack.ts sends it).

/** The type a test message is logged under; it is never queued. */
const TEST_MESSAGE_TYPE = "slack.test";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const NOT_CONNECTED: SlackConnection = {
  connected: false,
  webhookUrl: null,
  status: null,
  connectedAt: null,
  lastDeliveredAt: null,
  lastFailureAt: null,
  lastFailure: null,
  disabledAt: null,
};

/** The connection as the API shows it: the URL masked, never whole. */
function toClientConnection(row: SlackConnectionRow | undefined): SlackConnection {
  if (!row) return NOT_CONNECTED;
  return {
    connected: true,
    webhookUrl: maskedSlackWebhookUrl(row.webhookUrl),
    status: row.status,
    connectedAt: iso(row.connectedAt),
    lastDeliveredAt: iso(row.lastDeliveredAt),
    lastFailureAt: iso(row.lastFailureAt),
    lastFailure: row.lastFailure,
    disabledAt: iso(row.disabledAt),
  };
}

async function connectionRow(db: Db, workspaceId: string): Promise<SlackConnectionRow | undefined> {
  return db.select().from(slackConnections).where(eq(slackConnections.workspaceId, workspaceId)).get();
}

export async function slackConnectionOf(db: Db, workspaceId: string): Promise<SlackConnection> {
  return toClientConnection(await connectionRow(db, workspaceId));
}

/** The Slack row of the integrations listing. */
export async function slackIntegrationStatus(db: Db, workspaceId: string): Promise<IntegrationStatus> {
  const row = await connectionRow(db, workspaceId);
  return {
    kind: "slack",
    connected: Boolean(row),
    connectedAt: iso(row?.connectedAt ?? null),
    lastEventAt: iso(row?.lastDeliveredAt ?? null),
  };
}

/**
 * Connects (or replaces) the workspace's incoming webhook; the URL was checked by its schema. A new URL
 * is a new connection: what was still queued for the old one is dropped.
 */
export async function connectSlack(db: Db, creator: Creator, webhookUrl: string): Promise<SlackConnection> {
  const row: SlackConnectionRow = {
    id: crypto.randomUUID(),
    workspaceId: creator.workspaceId,
    userId: creator.userId,
    webhookUrl,
    status: "active",
    connectedAt: Date.now(),
    lastDeliveredAt: null,
    lastFailureAt: null,
    lastFailure: null,
    disabledAt: null,
  };
  await db.batch([
    db.delete(slackConnections).where(eq(slackConnections.workspaceId, creator.workspaceId)),
    db.insert(slackConnections).values(row),
  ]);
  return toClientConnection(row);
}

/**
 * An owner turns a connection disabled by its creator's removal back on: alerts go to it again, and the
 * owner counts as having connected it. False when it was not disabled (nothing changed).
 */
export async function enableSlack(db: Db, creator: Creator): Promise<boolean> {
  const rows = await db
    .update(slackConnections)
    .set({ disabledAt: null, userId: creator.userId })
    .where(and(eq(slackConnections.workspaceId, creator.workspaceId), isNotNull(slackConnections.disabledAt)))
    .returning({ id: slackConnections.id });
  return rows.length > 0;
}

/** Disconnects: alerts stop at once, those being retried too (their messages are dropped). */
export async function disconnectSlack(db: Db, workspaceId: string): Promise<void> {
  const [deleted] = await db
    .delete(slackConnections)
    .where(eq(slackConnections.workspaceId, workspaceId))
    .returning({ id: slackConnections.id });
  if (!deleted) throw new ApiError("not_found", SLACK_MESSAGES.notConnected);
}

/**
 * "Send a test message": posted at once, not queued, so the answer can say how it went. Logged like
 * every attempt; a success makes the connection active, Slack saying the webhook is gone makes it
 * broken, and nothing is retried.
 */
export async function sendSlackTest(env: Env, workspaceId: string): Promise<SlackTestResponse> {
  const db = getDb(env.DB);
  const row = await connectionRow(db, workspaceId);
  if (!row) throw new ApiError("not_found", SLACK_MESSAGES.notConnected);
  const message = { eventId: timeOrderedUuid(), type: TEST_MESSAGE_TYPE };
  const outcome = await attemptSlack(row, slackTestBody(), env);
  await recordSlackAttempt(
    env.DB,
    row.id,
    message,
    1,
    outcome,
    outcome.delivered ? "delivered" : outcome.refused ? "broken" : null,
  );
  logAttempt({ connectionId: row.id }, message, 1, outcome);
  return {
    delivered: outcome.delivered,
    error: outcome.error,
    slack: await slackConnectionOf(db, workspaceId),
  };
}

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
  const link = `https://${env.APP_HOST}/test/${encodeURIComponent(test.slug)}`;
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
 * Queues the alert's message to the workspace's Slack, if it has one, under the alert's event id (the
 * webhooks' too): one message per event and connection. Never throws: the alert's other ways stand.
 */
export async function sendSlackAlert(
  env: Env,
  test: SplitTest,
  alert: TestAlert,
  event: { eventId: string; type: string },
  winnerName: string | null,
): Promise<void> {
  const workspaceId = test.workspaceId ?? test.userId;
  try {
    const row = await connectionRow(getDb(env.DB), workspaceId);
    if (!row || row.disabledAt !== null) return;
    const body = slackAlertBody(await alertText(env, test, alert, winnerName));
    await queueSlackMessage(env.WEBHOOKS, {
      connectionId: row.id,
      eventId: event.eventId,
      type: event.type,
      body,
    });
  } catch (error) {
    log("warn", "slack_alert_not_queued", { testId: test.id, kind: alert.kind, error });
  }
}
