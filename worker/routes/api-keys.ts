import { Hono } from "hono";
import type { ApiKeyListResponse, CreatedApiKeyResponse } from "../../contract/api";
import { createApiKeySchema } from "../../contract/api/api-keys";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireRecentPassword } from "../middleware/require-recent-password";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/api-keys";
import { apiKeyName, recordChange } from "../services/history";
import { revokedKeysOf } from "../services/member-reach";
import { actingIn, creatorOf } from "./with-user";

/** The signed-in user's API keys, managed from the app (cookie session). */
export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", async (c) => {
    const db = getDb(c.env.DB);
    const [keys, revoked] = await Promise.all([
      listApiKeys(db, c.get("workspace").id),
      revokedKeysOf(db, c.get("workspace").id),
    ]);
    return c.json({ keys, revoked } satisfies ApiKeyListResponse, 200);
  })
  .post("/", requireRecentPassword, validate("json", createApiKeySchema), async (c) => {
    const db = getDb(c.env.DB);
    const created = await createApiKey(db, creatorOf(c), c.req.valid("json"));
    await recordChange(db, {
      ...actingIn(c),
      action: "api_key.created",
      details: { name: created.apiKey.name },
    });
    return c.json(created satisfies CreatedApiKeyResponse, 201);
  })
  .delete("/:id", async (c) => {
    const db = getDb(c.env.DB);
    const name = await apiKeyName(db, c.get("workspace").id, c.req.param("id"));
    await revokeApiKey(db, c.get("workspace").id, c.req.param("id"));
    await recordChange(db, { ...actingIn(c), action: "api_key.revoked", details: { name } });
    return c.json({ ok: true }, 200);
  });
