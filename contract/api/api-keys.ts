import * as z from "zod";
import { API_KEY_MESSAGES } from "../messages";
import { API_KEY_REVOCATION_REASONS, API_KEY_SCOPES } from "../workspaces";
import { plainName } from "./common";

// API keys, managed from the app (cookie session).

/** POST /api/keys */
export const createApiKeySchema = z.object(
  {
    name: plainName(
      z
        .string({ error: API_KEY_MESSAGES.nameRequired })
        .trim()
        .min(1, API_KEY_MESSAGES.nameRequired)
        .max(100, API_KEY_MESSAGES.nameTooLong),
      API_KEY_MESSAGES.nameCharacters,
    ),
    /** read: every GET; write: everything an editor may. Absent: write, as keys were before scopes. */
    scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid }).default("write"),
  },
  { error: API_KEY_MESSAGES.nameRequired },
);
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  /** An API key as listed: never the key itself, only its recognisable start. */
  const apiKey = z.object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, e.g. `sl_live_AbCd`. */
    prefix: z.string(),
    /** read: GET only (403 on every change); write: everything an editor of the workspace may. */
    scope: z.enum(API_KEY_SCOPES),
    createdAt: z.number(),
    /** Updated at most once a minute; null until first used. */
    lastUsedAt: z.number().nullable(),
  });
  /**
   * A key SplitLink revoked (not a click here), listed for 30 days: a password reset, a password change
   * that chose so, or its maker's removal, leaving or demotion. What it sent (server-side conversions)
   * is refused from then on.
   */
  const revokedApiKey = z.object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scope: z.enum(API_KEY_SCOPES),
    reason: z.enum(API_KEY_REVOCATION_REASONS),
    revokedAt: z.number(),
  });
  return {
    apiKey,
    revokedApiKey,
    /** GET /api/keys: the keys, and those SplitLink revoked lately. */
    list: z.object({ keys: z.array(apiKey), revoked: z.array(revokedApiKey) }),
    /** POST /api/keys (201): the only answer that ever carries the full key. */
    created: z.object({ apiKey, key: z.string() }),
  };
}
type Answers = ReturnType<typeof answers>;
export type ApiKey = z.output<Answers["apiKey"]>;
export type RevokedApiKey = z.output<Answers["revokedApiKey"]>;
export type ApiKeyListResponse = z.output<Answers["list"]>;
export type CreatedApiKeyResponse = z.output<Answers["created"]>;
