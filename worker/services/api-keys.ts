import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { ApiKey } from "../../contract/api";
import { API_KEY_MESSAGES } from "../../contract/messages";
import type { ApiKeyScope } from "../../contract/workspaces";
import { apiKeyPrefixOf, generateApiKey, hashApiKey } from "../auth/api-keys";
import type { Db } from "../db/client";
import { type ApiKey as ApiKeyRow, apiKeys, memberships, users, workspaces } from "../db/schema";
import { ApiError } from "../errors";
import { assertBelowQuota } from "./quotas";
import { type Creator, twoFactorMissing } from "./workspaces";

/** last_used_at is written at most this often per key: a busy key costs no write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

function toClientKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toClientKey);
}

/** A new key of the workspace, made by the user; the only time the key itself exists outside the caller's hands. */
export async function createApiKey(
  db: Db,
  creator: Creator,
  input: { name: string; scope: ApiKeyScope },
): Promise<{ apiKey: ApiKey; key: string }> {
  const [held] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, creator.workspaceId));
  assertBelowQuota("apiKeys", held?.n ?? 0);
  const key = generateApiKey();
  const row: ApiKeyRow = {
    id: crypto.randomUUID(),
    userId: creator.userId,
    workspaceId: creator.workspaceId,
    scope: input.scope,
    name: input.name,
    prefix: apiKeyPrefixOf(key),
    keyHash: await hashApiKey(key),
    createdAt: Date.now(),
    lastUsedAt: null,
  };
  await db.insert(apiKeys).values(row);
  return { apiKey: toClientKey(row), key };
}

/** Revoking deletes the key: from then on it is as unknown as a key that never existed. */
export async function revokeApiKey(db: Db, workspaceId: string, id: string): Promise<void> {
  const [deleted] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)))
    .returning({ id: apiKeys.id });
  if (!deleted) throw new ApiError("not_found", API_KEY_MESSAGES.notFound);
}

/** The key and its owner for a presented key; null when no such key exists (never made, or revoked). */
export async function findApiKey(db: Db, presented: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      lastUsedAt: apiKeys.lastUsedAt,
      workspaceId: apiKeys.workspaceId,
      scope: apiKeys.scope,
      user: { id: users.id, email: users.email },
      // The maker's role in the key's workspace now: a key never does more than its maker may.
      makerRole: memberships.role,
      // Nor gets in where its maker would not: the workspace requires two-factor sign-in they lack.
      makerTwoFactorMissing: twoFactorMissing(),
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, apiKeys.workspaceId), eq(memberships.userId, apiKeys.userId)),
    )
    .where(eq(apiKeys.keyHash, await hashApiKey(presented)))
    .get();
}

/** Records a use, unless one was recorded within the last minute (checked in the statement too). */
export async function touchApiKey(db: Db, id: string, now = Date.now()): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - LAST_USED_RESOLUTION_MS)),
      ),
    );
}
