import { Hono } from "hono";
import type {
  ConnectStripeInput,
  ConnectStripeResponse,
  DeletedResponse,
  IntegrationListResponse,
  StripeStatusResponse,
} from "../../contract/api";
import { connectStripeSchema } from "../../contract/api/integrations";
import { canEdit } from "../../contract/workspaces";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { appOrigin } from "../lib/links";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { recordChange } from "../services/history";
import {
  connectStripe,
  disconnectStripe,
  listIntegrations,
  stripeEndpointUrl,
  stripeStatus,
} from "../services/integrations";
import { actingIn, type UserContext, type UserEnv } from "./with-user";

// A workspace's integrations (issue #36), the same handlers for the app's API and the public API.
// Stripe's events arrive at worker/routes/stripe-events.ts.

/** Each integration's state in the workspace. */
export async function listWorkspaceIntegrations<E extends UserEnv>(c: UserContext<E>) {
  const integrations = await listIntegrations(getDb(c.env.DB), c.get("workspace").id);
  return c.json({ integrations } satisfies IntegrationListResponse, 200);
}

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
  const token = await connectStripe(db, c.get("workspace").id, input.signingSecret.trim());
  // Never the secret.
  await recordChange(db, { ...actingIn(c), action: "stripe.connected" });
  const endpointUrl = stripeEndpointUrl(appOrigin(c.req.url, c.env.APP_HOST), token);
  return c.json({ endpointUrl } satisfies ConnectStripeResponse, 200);
}

/** Forgets the signing secret; disconnecting what is not connected changes nothing and records nothing. */
export async function disconnectWorkspaceStripe<E extends UserEnv>(c: UserContext<E>) {
  const db = getDb(c.env.DB);
  if (await disconnectStripe(db, c.get("workspace").id))
    await recordChange(db, { ...actingIn(c), action: "stripe.disconnected" });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

/** The signed-in user's integrations in Settings. */
export const integrationRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", listWorkspaceIntegrations)
  .get("/stripe", getStripeStatus)
  .put("/stripe", validate("json", connectStripeSchema), (c) =>
    connectWorkspaceStripe(c, c.req.valid("json")),
  )
  .delete("/stripe", disconnectWorkspaceStripe);
