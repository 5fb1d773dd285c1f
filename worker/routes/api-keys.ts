import { Hono } from "hono";
import * as z from "zod";
import type { ApiKeyListResponse, CreatedApiKeyResponse } from "../../contract/api";
import { API_KEY_MESSAGES } from "../../contract/messages";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/api-keys";

const createKeySchema = z.object(
  {
    name: z
      .string({ error: API_KEY_MESSAGES.nameRequired })
      .trim()
      .min(1, API_KEY_MESSAGES.nameRequired)
      .max(100, API_KEY_MESSAGES.nameTooLong),
  },
  { error: API_KEY_MESSAGES.nameRequired },
);

/** The signed-in user's API keys, managed from the app (cookie session). */
export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const keys = await listApiKeys(getDb(c.env.DB), c.get("user").id);
    return c.json({ keys } satisfies ApiKeyListResponse, 200);
  })
  .post("/", validate("json", createKeySchema), async (c) => {
    const created = await createApiKey(getDb(c.env.DB), c.get("user").id, c.req.valid("json").name);
    return c.json(created satisfies CreatedApiKeyResponse, 201);
  })
  .delete("/:id", async (c) => {
    await revokeApiKey(getDb(c.env.DB), c.get("user").id, c.req.param("id"));
    return c.json({ ok: true }, 200);
  });
