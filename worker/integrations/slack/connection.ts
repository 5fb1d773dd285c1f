import { and, eq, isNotNull } from "drizzle-orm";
import type { IntegrationStatus, SlackConnection, SlackTestResponse } from "../../../contract/api";
import { maskedSlackWebhookUrl } from "../../../contract/api/integrations";
import { SLACK_MESSAGES } from "../../../contract/messages";
import { type Db, getDb } from "../../db/client";
import { type SlackConnectionRow, slackConnections } from "../../db/schema";
import { ApiError } from "../../errors";
import { timeOrderedUuid } from "../../lib/ids";
import type { Creator } from "../../services/workspaces";
import { logAttempt } from "../../webhooks/record";
import { attemptSlack, recordSlackAttempt } from "./deliver";
import { slackTestBody } from "./message";

// A workspace's Slack incoming webhook (issue #36, point 2): connecting, the status and the test message.
// Each alert's message is worded by ./alert.ts and sent by ./deliver.ts, on the webhooks' queue.

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

export async function connectionRow(db: Db, workspaceId: string): Promise<SlackConnectionRow | undefined> {
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
  // Turned off when its creator left: nothing goes to the channel they chose until an owner says so.
  if (row.disabledAt !== null) throw new ApiError("slack_disabled", SLACK_MESSAGES.testWhileDisabled);
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
