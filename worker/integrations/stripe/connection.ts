import { and, eq, sql } from "drizzle-orm";
import type { IntegrationStatus, StripeOutcome, StripeStatusResponse } from "../../../contract/api";
import { STRIPE_MESSAGES } from "../../../contract/messages";
import { canManageMembers, type WorkspaceAccess } from "../../../contract/workspaces";
import { sha256Base64Url } from "../../auth/crypto";
import type { Db } from "../../db/client";
import { stripeConnections } from "../../db/schema";
import { ApiError } from "../../errors";
import { randomToken } from "../../lib/base64url";
import { unlinkedInvoicePayments } from "./payments";

// A workspace's Stripe connection (issue #36): its endpoint, its signing secret, its status. What
// Stripe's events do is ./receive.ts.

/** The endpoint URL's unguessable part: 192 random bits. */
const newToken = () => randomToken(24);

// Stripe sends invoice_payment.paid within seconds of invoice.paid: an hour on, it is not selected.
const INVOICE_PAYMENT_GRACE_MS = 3_600_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Where Stripe sends a workspace's events. */
export const stripeEndpointUrl = (origin: string, token: string) => `${origin}/integrations/stripe/${token}`;

/** The workspace's Stripe connection row, connected or not; undefined before the first connect. */
function stripeRow(db: Db, workspaceId: string) {
  return db.select().from(stripeConnections).where(eq(stripeConnections.workspaceId, workspaceId)).get();
}

/** The Stripe row of the integrations listing. */
export async function stripeIntegrationStatus(db: Db, workspaceId: string): Promise<IntegrationStatus> {
  const row = await stripeRow(db, workspaceId);
  const connected = row?.signingSecret != null;
  return {
    kind: "stripe",
    connected,
    connectedAt: connected ? iso(row?.connectedAt ?? null) : null,
    lastEventAt: iso(row?.lastEventAt ?? null),
  };
}

/**
 * The Stripe card's state: the endpoint URL, the connection and the last event received. Stripe asks for
 * the URL before it shows the signing secret, so an editor's first look reserves the token (`reserve`):
 * the URL is there to add in Stripe before anything is connected, and connecting keeps it.
 */
export async function stripeStatus(
  db: Db,
  workspaceId: string,
  origin: string,
  reserve: boolean,
  now = Date.now(),
): Promise<StripeStatusResponse["stripe"]> {
  let row = await stripeRow(db, workspaceId);
  if (!row && reserve) {
    await db.insert(stripeConnections).values({ workspaceId, token: newToken() }).onConflictDoNothing();
    row = await stripeRow(db, workspaceId);
  }
  const connected = row?.signingSecret != null;
  return {
    connected,
    endpointUrl: row ? stripeEndpointUrl(origin, row.token) : null,
    connectedAt: connected ? iso(row?.connectedAt ?? null) : null,
    secretRetired: (connected && row?.secretRetiredAt != null) || row?.retiredSecretSha256 != null,
    lastEvent:
      row?.lastEventAt != null && row.lastEventType !== null
        ? {
            at: new Date(row.lastEventAt).toISOString(),
            type: row.lastEventType,
            outcome: (row.lastEventOutcome ?? "ignored") as StripeOutcome,
          }
        : null,
    unlinkedInvoicePayments: connected
      ? await unlinkedInvoicePayments(db.$client, workspaceId, now - INVOICE_PAYMENT_GRACE_MS)
      : 0,
  };
}

/**
 * Stores the signing secret and answers the endpoint's token: a new unguessable one at the first
 * connect (unless the card reserved it), the same one ever after (a reconnect only replaces the secret, so nothing changes in Stripe).
 */
export async function connectStripe(
  db: Db,
  access: WorkspaceAccess,
  setBy: string,
  signingSecret: string,
  now = Date.now(),
) {
  const workspaceId = access.id;
  const retired = await retiredSecretOf(await stripeRow(db, workspaceId));
  if (retired !== null) {
    // Retired because someone who knows it left: only an owner replaces it, and not with itself.
    if (!canManageMembers(access.role))
      throw new ApiError("forbidden", STRIPE_MESSAGES.secretRetiredOwnerOnly);
    if ((await sha256Base64Url(signingSecret)) === retired)
      throw new ApiError("secret_retired", STRIPE_MESSAGES.secretRetiredSame);
  }
  const row = await db
    .insert(stripeConnections)
    .values({ workspaceId, token: newToken(), signingSecret, connectedAt: now, secretSetBy: setBy })
    .onConflictDoUpdate({
      target: stripeConnections.workspaceId,
      // A reconnect keeps the date it was first connected since, unless it was disconnected in between.
      set: {
        signingSecret,
        secretSetBy: setBy,
        secretRetiredAt: null,
        retiredSecretSha256: null,
        connectedAt: sql`coalesce(${stripeConnections.connectedAt}, ${now})`,
      },
    })
    .returning({ token: stripeConnections.token })
    .get();
  return row.token;
}

/**
 * Forgets the signing secret: Stripe's events are refused from now on. The token stays for a reconnect.
 * False when Stripe was not connected (nothing changed).
 */
export async function disconnectStripe(db: Db, workspaceId: string): Promise<boolean> {
  const current = await stripeRow(db, workspaceId);
  if (current?.signingSecret == null) return false;
  const rows = await db
    .update(stripeConnections)
    .set({
      signingSecret: null,
      connectedAt: null,
      secretSetBy: null,
      secretRetiredAt: null,
      // A retired secret stays refused: whoever left may still know it.
      retiredSecretSha256: await retiredSecretOf(current),
    })
    .where(
      and(
        eq(stripeConnections.workspaceId, workspaceId),
        eq(stripeConnections.signingSecret, current.signingSecret),
      ),
    )
    .returning({ token: stripeConnections.token });
  return rows.length > 0;
}

/**
 * The SHA-256 of the secret a member who left pasted, which only an owner replaces and never with itself:
 * the connected one while it is retired, or the one a disconnect kept; null when none is retired.
 */
async function retiredSecretOf(
  row: typeof stripeConnections.$inferSelect | undefined,
): Promise<string | null> {
  if (row?.secretRetiredAt != null && row.signingSecret !== null) return sha256Base64Url(row.signingSecret);
  return row?.retiredSecretSha256 ?? null;
}
