import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Variant, VariantInput } from "../../contract/api";
import type { Rule } from "../../contract/rules";
import type { EndResult } from "../../contract/schedule";
import { DEFAULT_TRAFFIC_RULES, type TrafficRules } from "../../contract/traffic";
import type { TestMode } from "../../contract/variants";
import type { Db } from "../db/client";
import { customDomains, memberships, splitTests, workspaces } from "../db/schema";
import { domainSlugKey, slugKey } from "./keys";

/** What the redirect needs of a test: kept in KV and in each isolate's memory. */
export interface CachedLink {
  id: string;
  /**
   * Whose traffic rules apply (`traffic:{workspaceId}`). Absent from entries written before them: those
   * apply none until rewritten (0040_traffic_rules.sql notes every live link for the repair cron).
   */
  workspaceId?: string | null;
  /** In label order, A first; the weights add up to 100. */
  variants: VariantInput[];
  status: "active" | "paused" | "completed";
  winnerVariant: Variant | null;
  /**
   * Optimise keeps a visitor on the variant they first got while the bandit moves the weights. Absent
   * from entries written before optimise mode existed: those are experiments.
   */
  mode?: TestMode;
  /** Audience rules, evaluated before the split; absent when the test has none (and in older entries). */
  rules?: Rule[];
  /** Where visitors who match no rule go, when a rule joins the experiment. */
  fallbackUrl?: string | null;
  /** The arms' secret (redirect/variant.ts); absent for tests created before it, and in older entries. */
  bucketSecret?: string | null;
  /**
   * Until when the link counts nothing and sends everyone to `beforeUrl` (or A): present only while a
   * start date is set (issue #49); the redirect compares it with the time itself, so it starts on time.
   */
  startsAt?: number | null;
  beforeUrl?: string | null;
  /**
   * Where everyone goes since the test ended to its after-page (onEnd "url", issue #49): present only
   * then, so a running link's entry stays as it was.
   */
  endedTo?: string | null;
  /**
   * The link's password hash (auth/password.ts): present only on a link with a password (issue #49), whose
   * visitors get its page first (redirect/password.ts). The others' entries and path are unchanged.
   */
  passwordHash?: string | null;
  /**
   * The test's event shard (db/shards.ts): the redirect hands its clicks to the shard's writer. Absent from
   * entries written before it: those clicks go through the queue, whose consumer looks the shard up.
   */
  shard?: string;
}

/** What the redirect needs of a custom domain. */
export interface CachedHost {
  id: string;
  status: "new" | "pending_validation" | "active" | "error";
  /** Where the domain's root and unknown paths redirect; absent when it has none (and in older entries). */
  fallbackUrl?: string;
}

const linkColumns = {
  id: splitTests.id,
  workspaceId: splitTests.workspaceId,
  variants: splitTests.variants,
  status: splitTests.status,
  winnerVariant: splitTests.winnerVariant,
  mode: splitTests.mode,
  rules: splitTests.rules,
  fallbackUrl: splitTests.fallbackUrl,
  bucketSecret: splitTests.bucketSecret,
  startsAt: splitTests.startsAt,
  beforeUrl: splitTests.beforeUrl,
  endedTo: sql<string | null>`CASE WHEN ${splitTests.endResult} = 'url' THEN ${splitTests.afterUrl} END`,
  passwordHash: splitTests.passwordHash,
  shard: splitTests.shard,
};

// A deleted test waiting for the archive cron to purge it redirects no one.
const notDeleted = isNull(splitTests.deletedAt);

/** `/r/{path}`: the test's auto slug, or its custom path on the default domain (never both: 0019_links.sql). */
export async function loadLinkBySlug(db: Db, path: string): Promise<CachedLink | null> {
  const defaultPath = and(isNull(splitTests.customDomainId), eq(splitTests.customSlug, path));
  return (
    (await db
      .select(linkColumns)
      .from(splitTests)
      .where(and(or(eq(splitTests.slug, path), defaultPath), notDeleted))
      .get()) ?? null
  );
}

/** On a custom domain the path is the test's custom slug, or its auto slug. */
export async function loadLinkOnDomain(db: Db, domainId: string, path: string): Promise<CachedLink | null> {
  const byCustomSlug = await db
    .select(linkColumns)
    .from(splitTests)
    .where(and(eq(splitTests.customDomainId, domainId), eq(splitTests.customSlug, path), notDeleted))
    .get();
  if (byCustomSlug) return byCustomSlug;
  return (
    (await db
      .select(linkColumns)
      .from(splitTests)
      .where(and(eq(splitTests.customDomainId, domainId), eq(splitTests.slug, path), notDeleted))
      .get()) ?? null
  );
}

export async function loadHost(db: Db, hostname: string): Promise<CachedHost | null> {
  const host = await db
    .select({ id: customDomains.id, status: customDomains.status, fallbackUrl: customDomains.fallbackUrl })
    .from(customDomains)
    .where(eq(customDomains.domain, hostname))
    .get();
  return host ? toCachedHost(host) : null;
}

/** Only a domain with a fallback carries it: the entries of the others stay as before. */
export function toCachedHost(host: { id: string; status: CachedHost["status"]; fallbackUrl: string | null }) {
  return {
    id: host.id,
    status: host.status,
    ...(host.fallbackUrl ? { fallbackUrl: host.fallbackUrl } : {}),
  } satisfies CachedHost;
}

/** A workspace's traffic rules as the redirect reads them (`traffic:{workspaceId}`). */
export interface CachedTrafficRules {
  rules: TrafficRules;
  /** Its members' user ids: a member signed in to the app who opens its link is internal. */
  members: string[];
}

/** Whose test it is, for the beacon, which names only the test (`test:{testId}`); a test never moves. */
export interface CachedTestWorkspace {
  workspaceId: string | null;
}

export async function loadTestWorkspace(db: Db, testId: string): Promise<CachedTestWorkspace | null> {
  const row = await db
    .select({ workspaceId: splitTests.workspaceId })
    .from(splitTests)
    .where(eq(splitTests.id, testId))
    .get();
  return row ? { workspaceId: row.workspaceId } : null;
}

/** A workspace's rules, the defaults until it saves its own (and for a workspace that no longer exists). */
export async function loadTrafficRules(db: Db, workspaceId: string): Promise<CachedTrafficRules> {
  const [row, members] = await Promise.all([
    db
      .select({ rules: workspaces.trafficRules })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .get(),
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.workspaceId, workspaceId)),
  ]);
  return { rules: row?.rules ?? DEFAULT_TRAFFIC_RULES, members: members.map((member) => member.userId) };
}

/**
 * What D1 says belongs under a cache key (the inverse of the key builders above); null when nothing
 * does.
 */
export async function loadByKey(
  db: Db,
  key: string,
): Promise<CachedLink | CachedHost | CachedTrafficRules | CachedTestWorkspace | null> {
  const [kind, first = "", second] = key.split(":").map((piece) => decodeURIComponent(piece));
  if (kind === "host") return loadHost(db, first);
  if (kind === "traffic") return loadTrafficRules(db, first);
  if (kind === "test") return loadTestWorkspace(db, first);
  if (kind !== "link") throw new Error(`not a cache key: ${key}`);
  return second === undefined ? loadLinkBySlug(db, first) : loadLinkOnDomain(db, first, second);
}

/** A test's row (or an entry) as the redirect keeps it: what it needs, and what it has only when set. */
export function toCachedLink(
  test: CachedLink & { afterUrl?: string | null; endResult?: EndResult | null },
): CachedLink {
  const endedTo = test.endResult === "url" ? test.afterUrl : test.endedTo;
  return {
    id: test.id,
    workspaceId: test.workspaceId ?? null,
    variants: test.variants.map(({ url, weight }) => ({ url, weight })),
    status: test.status,
    winnerVariant: test.winnerVariant,
    mode: test.mode,
    ...(test.bucketSecret ? { bucketSecret: test.bucketSecret } : {}),
    // Only a link with a start date carries it: the others' entries stay as before.
    ...(test.startsAt ? { startsAt: test.startsAt, beforeUrl: test.beforeUrl ?? null } : {}),
    ...(endedTo ? { endedTo } : {}),
    // Only a link with a password carries its hash.
    ...(test.passwordHash ? { passwordHash: test.passwordHash } : {}),
    ...(test.shard ? { shard: test.shard } : {}),
    // Only a test with rules carries them: the entries of the others stay as small as before.
    ...(test.rules && test.rules.length > 0
      ? { rules: test.rules, fallbackUrl: test.fallbackUrl ?? null }
      : {}),
  };
}

/** The KV keys under which a test is cached. */
export function keysOf(test: {
  slug: string;
  customDomainId: string | null;
  customSlug: string | null;
}): string[] {
  const keys = [slugKey(test.slug)];
  // A custom path on the default domain: /r/{path} reads the same kind of key as /r/{slug}.
  if (!test.customDomainId && test.customSlug) keys.push(slugKey(test.customSlug));
  if (test.customDomainId) {
    keys.push(domainSlugKey(test.customDomainId, test.slug));
    if (test.customSlug) keys.push(domainSlugKey(test.customDomainId, test.customSlug));
  }
  return keys;
}

export async function putLink(
  kv: KVNamespace,
  test: Parameters<typeof toCachedLink>[0] & Parameters<typeof keysOf>[0],
): Promise<void> {
  const value = JSON.stringify(toCachedLink(test));
  await Promise.all(keysOf(test).map((key) => kv.put(key, value)));
}

export async function deleteLinkKeys(kv: KVNamespace, test: Parameters<typeof keysOf>[0]): Promise<void> {
  await Promise.all(keysOf(test).map((key) => kv.delete(key)));
}
