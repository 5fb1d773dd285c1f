import { Hono } from "hono";
import type {
  ConnectSlackInput,
  ConnectStripeInput,
  ConnectStripeResponse,
  DeletedResponse,
  Ga4SettingInput,
  IntegrationListResponse,
  IntegrationResponse,
  SlackConnection,
  SlackTestResponse,
  StripeStatusResponse,
} from "../../contract/api";
import {
  connectSlackSchema,
  connectStripeSchema,
  ga4SettingSchema,
  maskedSlackWebhookUrl,
} from "../../contract/api/integrations";
import { canEdit } from "../../contract/workspaces";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { setGa4 } from "../integrations/ga4/switch";
import { listIntegrations } from "../integrations/list";
import {
  connectSlack,
  disconnectSlack,
  enableSlack,
  sendSlackTest,
  slackConnectionOf,
} from "../integrations/slack/connection";
import {
  connectStripe,
  disconnectStripe,
  stripeEndpointUrl,
  stripeStatus,
} from "../integrations/stripe/connection";
import { appOrigin } from "../lib/links";
import { requireRecentPassword } from "../middleware/require-recent-password";
import { requireUser } from "../middleware/require-user";
import { requireOwner, requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { recordChange } from "../services/history";
import { limitWebhookTests } from "../services/limits";
import { actingIn, creatorOf, type UserContext, type UserEnv } from "./with-user";

// The workspace's integrations (issue #36): the listing, then each integration's handlers, shared by the
// app's API and the public API (worker/routes/public-api.ts declares the same under /api/v1).

export async function listIntegrationStatuses<E extends UserEnv>(c: UserContext<E>) {
  const integrations = await listIntegrations(getDb(c.env.DB), c.get("workspace").id);
  return c.json({ integrations } satisfies IntegrationListResponse, 200);
}

// Stripe (its events arrive at worker/routes/stripe-events.ts)

/** The Stripe connection: its endpoint URL (reserved at an editor's first look) and the last event received. */
export async function getStripeStatus<E extends UserEnv>(c: UserContext<E>) {
  const origin = appOrigin(c.req.url, c.env.APP_HOST);
  const { id, role } = c.get("workspace");
  const stripe = await stripeStatus(getDb(c.env.DB), id, origin, canEdit(role));
  return c.json({ stripe } satisfies StripeStatusResponse, 200);
}

/** Stores the signing secret (never shown again) and answers the endpoint URL to add in Stripe. */
export async function connectWorkspaceStripe<E extends UserEnv>(
  c: UserContext<E>,
  input: ConnectStripeInput,
) {
  const db = getDb(c.env.DB);
  const token = await connectStripe(db, c.get("workspace"), c.get("user").id, input.signingSecret.trim());
  // Never the secret.
  await recordChange(db, { ...actingIn(c), action: "integration.connected", details: { kind: "stripe" } });
  const endpointUrl = stripeEndpointUrl(appOrigin(c.req.url, c.env.APP_HOST), token);
  return c.json({ endpointUrl } satisfies ConnectStripeResponse, 200);
}

/** Forgets the signing secret; disconnecting what is not connected changes nothing and records nothing. */
export async function disconnectWorkspaceStripe<E extends UserEnv>(c: UserContext<E>) {
  const db = getDb(c.env.DB);
  if (await disconnectStripe(db, c.get("workspace").id))
    await recordChange(db, {
      ...actingIn(c),
      action: "integration.disconnected",
      details: { kind: "stripe" },
    });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

// Google Analytics 4 and Tag Manager

/** Switching the site tag's GA4 and Tag Manager report; the history records a change, not a repeat. */
export async function changeGa4<E extends UserEnv>(c: UserContext<E>, input: Ga4SettingInput) {
  const db = getDb(c.env.DB);
  const { integration, changed } = await setGa4(db, c.get("workspace").id, input.enabled);
  if (changed)
    await recordChange(db, {
      ...actingIn(c),
      action: input.enabled ? "integration.connected" : "integration.disconnected",
      details: { kind: "ga4" },
    });
  return c.json({ integration } satisfies IntegrationResponse, 200);
}

// Slack

export async function getSlack<E extends UserEnv>(c: UserContext<E>) {
  return c.json(
    (await slackConnectionOf(getDb(c.env.DB), c.get("workspace").id)) satisfies SlackConnection,
    200,
  );
}

/** Connects or replaces the incoming webhook; the history gets the masked URL, never the whole. */
export async function putSlack<E extends UserEnv>(c: UserContext<E>, input: ConnectSlackInput) {
  const db = getDb(c.env.DB);
  const connection = await connectSlack(db, creatorOf(c), input.webhookUrl);
  await recordChange(db, {
    ...actingIn(c),
    action: "integration.connected",
    details: { kind: "slack", url: maskedSlackWebhookUrl(input.webhookUrl) },
  });
  return c.json(connection satisfies SlackConnection, 200);
}

export async function deleteSlack<E extends UserEnv>(c: UserContext<E>) {
  const db = getDb(c.env.DB);
  await disconnectSlack(db, c.get("workspace").id);
  await recordChange(db, { ...actingIn(c), action: "integration.disconnected", details: { kind: "slack" } });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

/** A test message, counted with the webhooks' test events (5 a minute per person). */
export async function testSlack<E extends UserEnv>(c: UserContext<E>) {
  await limitWebhookTests(c.env, c.get("user").id);
  const result = await sendSlackTest(c.env, c.get("workspace").id);
  return c.json(result satisfies SlackTestResponse, 200);
}

/** The current workspace's integrations in Settings: every member reads, an owner or editor changes. */
export const integrationRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", listIntegrationStatuses)
  .get("/stripe", getStripeStatus)
  .put("/stripe", requireRecentPassword, validate("json", connectStripeSchema), (c) =>
    connectWorkspaceStripe(c, c.req.valid("json")),
  )
  .delete("/stripe", disconnectWorkspaceStripe)
  .put("/ga4", validate("json", ga4SettingSchema), (c) => changeGa4(c, c.req.valid("json")))
  .get("/slack", getSlack)
  .put("/slack", requireRecentPassword, validate("json", connectSlackSchema), (c) =>
    putSlack(c, c.req.valid("json")),
  )
  .delete("/slack", deleteSlack)
  .post("/slack/test", testSlack)
  // One click by an owner turns on a connection its creator's removal disabled (recorded in the history).
  .post("/slack/enable", requireOwner, async (c) => {
    const db = getDb(c.env.DB);
    if (await enableSlack(db, creatorOf(c)))
      await recordChange(db, { ...actingIn(c), action: "integration.enabled", details: { kind: "slack" } });
    return getSlack(c);
  });
