import { eq } from "drizzle-orm";
import type { AlertPreferences, Variant, WebhookEventType } from "../../contract/api";
import type { EndReason, EndResult } from "../../contract/schedule";
import { VARIANT_LABELS } from "../../contract/variants";
import { type Db, getDb } from "../db/client";
import { type SplitTest, users } from "../db/schema";
import { mailerFor } from "../mail/mailer";
import { completedAlertEmail, srmAlertEmail, verdictAlertEmail } from "../mail/templates";
import { log } from "../observability/log";
import { sendWebhookEvent } from "./webhooks";

/** Something a test did that its owner may want to hear of; each kind at most once per test. */
export type TestAlert =
  | { kind: "verdict"; winner: Variant }
  | { kind: "completed"; endedBy: EndReason; result: EndResult; winner: Variant | null }
  | { kind: "srm"; pValue: number };

const preferenceColumns = {
  verdict: users.alertVerdict,
  completed: users.alertCompleted,
  srm: users.alertSrm,
};

export async function alertPreferencesOf(db: Db, userId: string): Promise<AlertPreferences> {
  const row = await db.select(preferenceColumns).from(users).where(eq(users.id, userId)).get();
  return row ?? { verdict: false, completed: false, srm: false };
}

export async function setAlertPreferences(
  db: Db,
  userId: string,
  preferences: AlertPreferences,
): Promise<AlertPreferences> {
  await db
    .update(users)
    .set({
      alertVerdict: preferences.verdict,
      alertCompleted: preferences.completed,
      alertSrm: preferences.srm,
    })
    .where(eq(users.id, userId));
  return alertPreferencesOf(db, userId);
}

const WEBHOOK_TYPES: Record<TestAlert["kind"], WebhookEventType> = {
  verdict: "test.verdict",
  completed: "test.completed",
  srm: "test.srm_detected",
};

/**
 * A webhook event's data: the test, and what happened, as the alert knows it; beside a `winner`, its
 * optional name as `winnerName` (null without one).
 */
function webhookData(test: SplitTest, alert: TestAlert): Record<string, unknown> {
  const { kind: _, ...what } = alert;
  const named = "winner" in alert ? { winnerName: alert.winner && nameOfVariant(test, alert.winner) } : {};
  return { test: { id: test.id, name: test.name, slug: test.slug }, ...what, ...named };
}

/** The optional name of the test's variant with that label. */
function nameOfVariant(test: SplitTest, label: Variant): string | null {
  return test.variants[VARIANT_LABELS.indexOf(label)]?.name ?? null;
}

/**
 * Tells the test's owner: the webhook event to every endpoint subscribed to it, and an email if they
 * chose this kind of alert. The cron has no request to take a host
 * from, so the link is the app's own host. A failed send is logged, not retried: the cron has already
 * claimed the alert, and sending it on the next run could mail it twice.
 */
export async function sendTestAlert(env: Env, test: SplitTest, alert: TestAlert): Promise<void> {
  await sendWebhookEvent(env, test.userId, WEBHOOK_TYPES[alert.kind], webhookData(test, alert));
  const db = getDb(env.DB);
  const owner = await db
    .select({ email: users.email, ...preferenceColumns })
    .from(users)
    .where(eq(users.id, test.userId))
    .get();
  if (!owner?.[alert.kind]) return;
  const page = { name: test.name, link: `https://${env.APP_HOST}/test/${encodeURIComponent(test.slug)}` };
  const email =
    alert.kind === "verdict"
      ? verdictAlertEmail(owner.email, page, alert.winner, nameOfVariant(test, alert.winner))
      : alert.kind === "completed"
        ? completedAlertEmail(
            owner.email,
            page,
            alert.endedBy,
            alert.result,
            alert.winner,
            alert.winner && nameOfVariant(test, alert.winner),
          )
        : srmAlertEmail(owner.email, page, alert.pValue);
  try {
    await mailerFor(env).send({ ...email, idempotencyKey: `alert-${alert.kind}-${test.id}` });
  } catch (error) {
    log("error", "alert_mail_failed", { testId: test.id, kind: alert.kind, error });
  }
}
