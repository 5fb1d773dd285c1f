import { Hono } from "hono";
import type { Ga4SettingInput, IntegrationListResponse, IntegrationResponse } from "../../contract/api";
import { ga4SettingSchema } from "../../contract/api/integrations";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { recordChange } from "../services/history";
import { listIntegrations, setGa4 } from "../services/integrations";
import { actingIn, type UserContext, type UserEnv } from "./with-user";

/** The workspace's integrations and their status, the same for the app's API and the public API. */
export async function listIntegrationStatuses<E extends UserEnv>(c: UserContext<E>) {
  const integrations = await listIntegrations(getDb(c.env.DB), c.get("workspace").id);
  return c.json({ integrations } satisfies IntegrationListResponse, 200);
}

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

/** The current workspace's integrations in Settings: every member reads, an owner or editor changes. */
export const integrationRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", listIntegrationStatuses)
  .put("/ga4", validate("json", ga4SettingSchema), (c) => changeGa4(c, c.req.valid("json")));
