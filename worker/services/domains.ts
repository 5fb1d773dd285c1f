import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { CustomDomain, VerifyDomainResponse } from "../../contract/api";
import { DOMAIN_MESSAGES } from "../../contract/messages";
import { type Db, getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { type CustomDomain as CustomDomainRow, customDomains, splitTests } from "../db/schema";
import { type HostnameState, hostnameProvider } from "../domains/provider";
import { checkMessage, domainStatusOf, statusMessage } from "../domains/status";
import { ApiError } from "../errors";
import { domainSlugKey } from "../link-cache/keys";
import { removeHost, storeHost } from "../link-cache/writes";
import { log } from "../observability/log";
import { assertBelowQuota } from "./quotas";
import type { Creator } from "./workspaces";

// Each check is one or two Cloudflare calls; a Worker on the free plan may make 50 per invocation.
const SCHEDULED_BATCH = 20;
// A claim that never verifies is released after this long, so no one can hold another's domain.
export const PENDING_CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// Each release is one Cloudflare call: with the checks, at most 50 per run.
const EXPIRE_BATCH = 10;

/** A domain of the workspace's; another workspace's is simply not found. */
export async function ownedDomain(db: Db, workspaceId: string, domainId: string) {
  const domain = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.id, domainId), eq(customDomains.workspaceId, workspaceId)))
    .get();
  if (!domain) throw new ApiError("not_found", DOMAIN_MESSAGES.notFound);
  return domain;
}

export function toClientDomain(row: CustomDomainRow): CustomDomain {
  return {
    id: row.id,
    domain: row.domain,
    verified: row.status === "active",
    status: row.status,
    verificationMessage: row.verificationMessage,
    validationToken: row.validationToken,
    fallbackUrl: row.fallbackUrl,
    createdAt: row.createdAt,
  };
}

export async function listDomains(db: Db, workspaceId: string): Promise<CustomDomain[]> {
  const rows = await db
    .select()
    .from(customDomains)
    .where(eq(customDomains.workspaceId, workspaceId))
    .orderBy(desc(customDomains.createdAt));
  return rows.map(toClientDomain);
}

/**
 * Adds a trimmed, lower-cased, well-formed domain as `new`, creates its custom hostname and checks it
 * once. The unique index refuses a domain any user already has.
 */
export async function addDomain(env: Env, creator: Creator, hostname: string): Promise<CustomDomainRow> {
  const db = getDb(env.DB);
  const [held] = await db
    .select({ n: count() })
    .from(customDomains)
    .where(eq(customDomains.workspaceId, creator.workspaceId));
  assertBelowQuota("domains", held?.n ?? 0);
  const row: CustomDomainRow = {
    id: crypto.randomUUID(),
    userId: creator.userId,
    workspaceId: creator.workspaceId,
    domain: hostname,
    status: "new",
    verificationMessage: statusMessage("new", null, env.FALLBACK_ORIGIN),
    createdAt: Date.now(),
    httpFallback: false,
    cfHostnameId: null,
    cfRouteId: null,
    validationToken: null,
    validationUrl: null,
    originServer: env.FALLBACK_ORIGIN,
    originSni: env.FALLBACK_ORIGIN,
    fallbackUrl: null,
  };
  try {
    await db.insert(customDomains).values(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("domain_taken", DOMAIN_MESSAGES.duplicateClaim);
    throw error;
  }

  let created: HostnameState;
  try {
    created = await hostnameProvider(env).create(hostname);
  } catch (error) {
    // Without its custom hostname the row is of no use: let the user try again from scratch.
    await db.delete(customDomains).where(eq(customDomains.id, row.id));
    await discardUnanswered(env, hostname, error);
    throw error;
  }
  const stored = { ...row, cfHostnameId: created.id };
  await db.update(customDomains).set({ cfHostnameId: created.id }).where(eq(customDomains.id, row.id));

  try {
    return await checkDomain(env, stored);
  } catch (error) {
    log("warn", "domain_verification_failed", { host: hostname, when: "on_add", error });
    return stored;
  }
}

// Cloudflare's clear refusals create nothing; after any other failure (a timeout, an outage page) the
// hostname may have been created all the same.
const NOTHING_CREATED = new Set(["domain_taken", "invalid_domain"]);

/**
 * After a failed create, removes a hostname Cloudflare may have made, so the zone agrees with the
 * missing row. Should Cloudflare still be unreachable, the next add of the domain reuses it instead.
 */
async function discardUnanswered(env: Env, hostname: string, error: unknown): Promise<void> {
  if (error instanceof ApiError && NOTHING_CREATED.has(error.code)) return;
  try {
    await hostnameProvider(env).discard(hostname);
  } catch (cleanup) {
    log("warn", "custom_hostname_cleanup_failed", { hostname, error: cleanup });
  }
}

/**
 * Reads the custom hostname's state (creating it if the provider has none), stores the resulting
 * status and message, and refreshes the redirect's `host:{hostname}` key. Throws when the provider fails.
 */
async function checkDomain(env: Env, row: CustomDomainRow): Promise<CustomDomainRow> {
  const provider = hostnameProvider(env);
  const state =
    (await provider.get({ hostname: row.domain, id: row.cfHostnameId, status: row.status })) ??
    (await provider.create(row.domain));
  const status = domainStatusOf(state);
  const [updated] = await getDb(env.DB)
    .update(customDomains)
    .set({
      status,
      verificationMessage: checkMessage(state, status, env.FALLBACK_ORIGIN),
      cfHostnameId: state.id ?? row.cfHostnameId,
      validationToken: state.validationToken,
      validationUrl: state.validationUrl,
    })
    .where(eq(customDomains.id, row.id))
    .returning();
  // Deleted while Cloudflare was asked.
  if (!updated) throw new ApiError("not_found", DOMAIN_MESSAGES.notFound);
  // Only a change is written: KV takes one write per second per key and few per day on the free plan.
  if (updated.status !== row.status) await storeHost(env, updated.domain, updated);
  return updated;
}

/** Verify on the Domains screen: the specification's domain-check result; provider failures included. */
export async function verifyDomain(env: Env, row: CustomDomainRow): Promise<VerifyDomainResponse> {
  try {
    const checked = await checkDomain(env, row);
    return {
      verified: checked.status === "active",
      message: statusMessage(checked.status, checked.verificationMessage, env.FALLBACK_ORIGIN),
      domain: toClientDomain(checked),
    };
  } catch (error) {
    // Provider failures are ApiErrors with a message for the user; anything else is a bug.
    if (!(error instanceof ApiError) || error.code === "not_found") throw error;
    log("warn", "domain_verification_failed", { host: row.domain, when: "on_verify", error });
    return {
      verified: false,
      message: DOMAIN_MESSAGES.verificationError(error.message),
      domain: toClientDomain(row),
    };
  }
}

/** Sets or clears where the domain's root and unknown paths redirect, and refreshes the redirect's entry. */
export async function setDomainFallback(
  env: Env,
  row: CustomDomainRow,
  fallbackUrl: string | null,
): Promise<CustomDomainRow> {
  const [updated] = await getDb(env.DB)
    .update(customDomains)
    .set({ fallbackUrl })
    .where(eq(customDomains.id, row.id))
    .returning();
  if (!updated) throw new ApiError("not_found", DOMAIN_MESSAGES.notFound);
  await storeHost(env, updated.domain, updated);
  return updated;
}

/**
 * Deletes the custom hostname at the provider first (a failure there keeps the row, so the user can
 * retry), then the row, then the KV keys. Attached tests lose the domain (ON DELETE SET NULL) and their
 * custom paths on it (a trigger, 0019_links.sql), and keep working on their default link.
 */
export async function deleteDomain(env: Env, row: CustomDomainRow): Promise<void> {
  if (row.cfHostnameId) await hostnameProvider(env).delete(row.cfHostnameId);
  const db = getDb(env.DB);
  const attached = await db
    .select({ slug: splitTests.slug, customSlug: splitTests.customSlug })
    .from(splitTests)
    .where(eq(splitTests.customDomainId, row.id));
  await db.delete(customDomains).where(eq(customDomains.id, row.id));
  const linkKeys = attached.flatMap((test) =>
    [test.slug, test.customSlug].filter((path) => path !== null).map((path) => domainSlugKey(row.id, path)),
  );
  await removeHost(env, row.domain, linkKeys);
}

/**
 * The hourly cron: releases claims that never verified within PENDING_CLAIM_TTL_MS, then checks a batch
 * of domains still waiting for verification. The batch is drawn at random, so domains that never
 * verify cannot starve the others; one failure does not stop the rest.
 */
export async function reverifyPendingDomains(env: Env): Promise<void> {
  const waiting = inArray(customDomains.status, ["new", "pending_validation"]);
  const db = getDb(env.DB);
  const stale = await db
    .select()
    .from(customDomains)
    .where(and(waiting, lt(customDomains.createdAt, Date.now() - PENDING_CLAIM_TTL_MS)))
    .orderBy(customDomains.createdAt)
    .limit(EXPIRE_BATCH);
  for (const row of stale) {
    try {
      await deleteDomain(env, row);
      log("info", "domain_claim_expired", { host: row.domain, createdAt: row.createdAt });
    } catch (error) {
      log("warn", "domain_claim_expiry_failed", { host: row.domain, error });
    }
  }
  const rows = await db
    .select()
    .from(customDomains)
    .where(waiting)
    .orderBy(sql`random()`)
    .limit(SCHEDULED_BATCH);
  for (const row of rows) {
    try {
      await checkDomain(env, row);
    } catch (error) {
      log("warn", "domain_verification_failed", { host: row.domain, when: "scheduled", error });
    }
  }
}
