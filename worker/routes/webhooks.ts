import { Hono } from "hono";
import type {
  CreatedWebhookResponse,
  CreateWebhookInput,
  DeletedResponse,
  WebhookDeliveryListResponse,
  WebhookListResponse,
  WebhookTestResponse,
} from "../../contract/api";
import { maskedWebhookUrl } from "../../contract/api/integrations";
import { createWebhookSchema, webhookIdParam } from "../../contract/api/webhooks";
import { canEdit } from "../../contract/workspaces";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { requireOwner, requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { recordChange, webhookUrl } from "../services/history";
import { limitWebhookTests } from "../services/limits";
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  sendTestEvent,
} from "../services/webhooks";
import { actingIn, creatorOf, type UserContext, type UserEnv } from "./with-user";

/**
 * Listing the caller's webhook endpoints, the same for the app's API and the public API. Owners and
 * editors (and write keys) see each URL whole; a viewer or a read key sees it masked, as Slack's is.
 */
export async function listWebhookEndpoints<E extends UserEnv>(c: UserContext<E>) {
  const { id, role } = c.get("workspace");
  const webhooks = await listWebhooks(getDb(c.env.DB), id);
  const shown = canEdit(role)
    ? webhooks
    : webhooks.map((hook) => ({ ...hook, url: maskedWebhookUrl(hook.url) }));
  return c.json({ webhooks: shown } satisfies WebhookListResponse, 200);
}

/** Registering an endpoint; the answer carries its signing secret, this once. */
export async function createWebhookEndpoint<E extends UserEnv>(c: UserContext<E>, input: CreateWebhookInput) {
  const created = await createWebhook(c.env, creatorOf(c), input);
  // Never the signing secret, nor the whole URL (every member reads the history): masked, and the events.
  const { url, events } = created.webhook;
  await recordChange(getDb(c.env.DB), {
    ...actingIn(c),
    action: "webhook.created",
    details: { url: maskedWebhookUrl(url), events },
  });
  return c.json(created satisfies CreatedWebhookResponse, 201);
}

/** Deleting an endpoint (by id), with its log and its pending deliveries. */
export async function deleteWebhookEndpoint<E extends UserEnv>(c: UserContext<E>, id: string) {
  const db = getDb(c.env.DB);
  const url = await webhookUrl(db, c.get("workspace").id, id);
  await deleteWebhook(db, c.get("workspace").id, id);
  await recordChange(db, {
    ...actingIn(c),
    action: "webhook.deleted",
    details: { url: url && maskedWebhookUrl(url) },
  });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

/** The signed-in user's webhooks in Settings: the shared three, the delivery log and a test event. */
export const webhookRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", listWebhookEndpoints)
  .post("/", validate("json", createWebhookSchema), (c) => createWebhookEndpoint(c, c.req.valid("json")))
  .delete("/:id", validate("param", webhookIdParam), (c) => deleteWebhookEndpoint(c, c.req.valid("param").id))
  // One click by an owner turns on an endpoint its creator's removal disabled (recorded in the history).
  .post("/:id/enable", requireOwner, validate("param", webhookIdParam), async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid("param");
    if (await enableWebhook(db, creatorOf(c), id)) {
      const url = await webhookUrl(db, c.get("workspace").id, id);
      const details = { url: url && maskedWebhookUrl(url) };
      await recordChange(db, { ...actingIn(c), action: "webhook.enabled", details });
    }
    return c.json({ ok: true } satisfies DeletedResponse, 200);
  })
  .get("/:id/deliveries", validate("param", webhookIdParam), async (c) => {
    const deliveries = await listDeliveries(getDb(c.env.DB), c.get("workspace").id, c.req.valid("param").id);
    return c.json({ deliveries } satisfies WebhookDeliveryListResponse, 200);
  })
  .post("/:id/test", validate("param", webhookIdParam), async (c) => {
    await limitWebhookTests(c.env, c.get("user").id);
    const delivery = await sendTestEvent(c.env, c.get("workspace").id, c.req.valid("param").id);
    return c.json({ delivery } satisfies WebhookTestResponse, 200);
  });
