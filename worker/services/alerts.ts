import { and, eq } from "drizzle-orm";
import type { AlertPreferences, Variant, WebhookEventType } from "../../contract/api";
import { VARIANT_LABELS } from "../../contract/variants";
import { type Db, getDb } from "../db/client";
import { memberships, type SplitTest, users } from "../db/schema";
import { ownOrigin } from "../lib/links";
import { mailerFor } from "../mail/mailer";
import { completedAlertEmail, srmAlertEmail, verdictAlertEmail } from "../mail/templates";
import { log } from "../observability/log";
import { queueSlackAlert, type TestAlert, webhookEvent } from "../webhooks/events";
import { tagsOfTest } from "./tags";
import { sendWebhookEvent } from "./webhooks";

export type { TestAlert };

// Each member chooses their own alerts in each workspace.
const preferenceColumns = {
  verdict: memberships.alertVerdict,
  completed: memberships.alertCompleted,
  srm: memberships.alertSrm,
};

/** Where a member's preferences are kept: their membership of the workspace. */
export interface Member {
  workspaceId: string;
  userId: string;
}

const membershipOf = ({ workspaceId, userId }: Member) =>
  and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId));

export async function alertPreferencesOf(db: Db, member: Member): Promise<AlertPreferences> {
  const row = await db.select(preferenceColumns).from(memberships).where(membershipOf(member)).get();
  return row ?? { verdict: false, completed: false, srm: false };
}

export async function setAlertPreferences(
  db: Db,
  member: Member,
  preferences: AlertPreferences,
): Promise<AlertPreferences> {
  await db
    .update(memberships)
    .set({
      alertVerdict: preferences.verdict,
      alertCompleted: preferences.completed,
      alertSrm: preferences.srm,
    })
    .where(membershipOf(member));
  return alertPreferencesOf(db, member);
}

const WEBHOOK_TYPES: Record<TestAlert["kind"], WebhookEventType> = {
  verdict: "test.verdict",
  completed: "test.completed",
  srm: "test.srm_detected",
};

/**
 * A webhook event's data: the test with its tags, and what happened, as the alert knows it; beside a
 * `winner`, its optional name as `winnerName` (null without one).
 */
function webhookData(test: SplitTest, tags: string[], alert: TestAlert): Record<string, unknown> {
  const { kind: _, ...what } = alert;
  const named = "winner" in alert ? { winnerName: alert.winner && nameOfVariant(test, alert.winner) } : {};
  return { test: { id: test.id, name: test.name, slug: test.slug, tags }, ...what, ...named };
}

/** The optional name of the test's variant with that label. */
function nameOfVariant(test: SplitTest, label: Variant): string | null {
  return test.variants[VARIANT_LABELS.indexOf(label)]?.name ?? null;
}

/**
 * Tells the test's workspace: the webhook event to every endpoint of it subscribed to it, the same event
 * (its id too) to its Slack channel if it has one (queued for worker/integrations/slack/alert.ts, which
 * words it), and an email to each member who chose this kind of alert there. The cron has no request to take a host
 * from, so the link is the app's own host. A failed send is logged, not retried: the cron has already
 * claimed the alert, and sending it on the next run could mail it twice.
 */
export async function sendTestAlert(env: Env, test: SplitTest, alert: TestAlert): Promise<void> {
  const workspaceId = test.workspaceId ?? test.userId;
  const type = WEBHOOK_TYPES[alert.kind];
  const data = webhookData(test, await tagsOfTest(getDb(env.DB), test.id), alert);
  const event = webhookEvent(type, data);
  await sendWebhookEvent(env, workspaceId, type, data, event);
  try {
    await queueSlackAlert(env.WEBHOOKS, {
      workspaceId,
      testId: test.id,
      eventId: event.eventId,
      type: event.type,
      alert,
      winnerName: "winner" in alert && alert.winner ? nameOfVariant(test, alert.winner) : null,
    });
  } catch (error) {
    // The alert's other ways stand.
    log("warn", "slack_alert_not_queued", { testId: test.id, kind: alert.kind, error });
  }
  const members = await getDb(env.DB)
    .select({ userId: users.id, email: users.email, ...preferenceColumns })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId));
  const page = { name: test.name, link: `${ownOrigin(env)}/test/${encodeURIComponent(test.slug)}` };
  for (const member of members) {
    if (!member[alert.kind]) continue;
    const email =
      alert.kind === "verdict"
        ? verdictAlertEmail(member.email, page, alert.winner, nameOfVariant(test, alert.winner))
        : alert.kind === "completed"
          ? completedAlertEmail(
              member.email,
              page,
              alert.endedBy,
              alert.result,
              alert.winner,
              alert.winner && nameOfVariant(test, alert.winner),
            )
          : srmAlertEmail(member.email, page, alert.pValue);
    try {
      await mailerFor(env).send({
        ...email,
        idempotencyKey: `alert-${alert.kind}-${test.id}-${member.userId}`,
      });
    } catch (error) {
      log("error", "alert_mail_failed", { testId: test.id, kind: alert.kind, error });
    }
  }
}
