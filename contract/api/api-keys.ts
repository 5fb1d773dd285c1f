import * as z from "zod";
import { API_KEY_MESSAGES } from "../messages";

// API keys, managed from the app (cookie session).

/** POST /api/keys */
export const createApiKeySchema = z.object(
  {
    name: z
      .string({ error: API_KEY_MESSAGES.nameRequired })
      .trim()
      .min(1, API_KEY_MESSAGES.nameRequired)
      .max(100, API_KEY_MESSAGES.nameTooLong),
  },
  { error: API_KEY_MESSAGES.nameRequired },
);
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** An API key as listed: never the key itself, only its recognisable start. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `sl_live_AbCd`. */
  prefix: z.string(),
  createdAt: z.number(),
  /** Updated at most once a minute; null until first used. */
  lastUsedAt: z.number().nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

/** GET /api/keys */
export const apiKeyListResponseSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.output<typeof apiKeyListResponseSchema>;

/** POST /api/keys (201): the only answer that ever carries the full key. */
export const createdApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreatedApiKeyResponse = z.output<typeof createdApiKeyResponseSchema>;
