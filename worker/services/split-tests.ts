import { and, count, desc, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type {
  CreateTestInput,
  Rule,
  SplitTest,
  TestListQuery,
  TestStats,
  TestWithStats,
  UpdateTestInput,
  Variant,
  VariantInput,
} from "../../contract/api";
import {
  GOAL_MESSAGES,
  LIFECYCLE_MESSAGES,
  METRIC_MESSAGES,
  RULE_MESSAGES,
  SCHEDULE_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "../../contract/messages";
import { DEFAULT_PRIMARY_METRIC, primaryMetricOf } from "../../contract/metrics";
import { hasExperimentRule, rulesProblem } from "../../contract/rules";
import {
  afterPageProblem,
  type EndAction,
  endsBeforeMinimumDays,
  endWaitsForMinimumDays,
  notStartedAt,
  phaseStartOf,
  scheduleProblem,
  startProblem,
} from "../../contract/schedule";
import { type Goal, goalAfter } from "../../contract/tracking";
import { evenWeights, isPlainLink, kindOf, labelAt, VARIANT_LABELS } from "../../contract/variants";
import { hashPassword } from "../auth/password";
import { type Db, getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { STATS_OF_TEST, STATS_OF_TESTS } from "../db/hour-stats";
import {
  customDomains,
  type SplitTest as SplitTestRow,
  segmentCompaction,
  splitTests,
  testPhases,
  weightHistory,
  workspaces,
} from "../db/schema";
import { byShard, copyTestToShard, eventsDb, LEGACY_SHARD, shardForNewTest } from "../db/shards";
import { ApiError } from "../errors";
import type { Background } from "../lib/background";
import { randomToken } from "../lib/base64url";
import { newTestId } from "../lib/ids";
import { splitLinkFor } from "../lib/links";
import { generateSlug } from "../lib/slug";
import { removeLink, storeLink, storeTrafficRules } from "../link-cache/writes";
import { NO_TOTALS, summarize, type VariantTotals } from "../statistics/summary";
import { verdictOfTest } from "./analytics";
import { ownedDomain } from "./domains";
import { assertBelowQuota } from "./quotas";
import { refreshShardCopy } from "./shard-copies";
import { carriesTag, setTestTags, tagContains, tagsColumn, tagWrites } from "./tags";
import type { Creator } from "./workspaces";

export interface LinkContext {
  requestUrl: URL;
  appHost: string;
}

/** How the links of a request's answer are written: the request's host, or the app's. */
export function linkContext(url: string, env: Env): LinkContext {
  return { requestUrl: new URL(url), appHost: env.APP_HOST };
}

const MAX_SLUG_ATTEMPTS = 8;

/**
 * Every address a test sends visitors to: its variants, its rules' redirects and their fallback, its
 * pages before it starts and after it ends.
 */
function destinationsOf(test: {
  variants?: readonly { url: string }[];
  rules?: readonly Rule[] | null;
  fallbackUrl?: string | null;
  beforeUrl?: string | null;
  afterUrl?: string | null;
}): string[] {
  return [
    ...(test.beforeUrl ? [test.beforeUrl] : []),
    ...(test.afterUrl ? [test.afterUrl] : []),
    ...(test.variants ?? []).map((variant) => variant.url),
    ...(test.rules ?? []).flatMap((rule) => (rule.action.type === "redirect" ? [rule.action.url] : [])),
    ...(test.fallbackUrl ? [test.fallbackUrl] : []),
  ];
}

/**
 * The destinations that are themselves a SplitLink link: the app's own host (the address this request
 * came to, locally) or any custom domain of SplitLink. Visitors would go round in a loop. One query
 * however many URLs (an import checks a whole file at once).
 */
export async function loopingUrls(env: Env, db: Db, urls: string[], link: LinkContext): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const own = [env.APP_HOST, `www.${env.APP_HOST}`, env.FALLBACK_ORIGIN];
  const addresses = urls.map((url) => ({ url, parsed: new URL(url) }));
  const hosts = [...new Set(addresses.map(({ parsed }) => parsed.hostname))];
  const domains = await db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    // One JSON parameter however many hosts: D1 binds at most 100 parameters a statement.
    .where(sql`${customDomains.domain} IN (SELECT value FROM json_each(${JSON.stringify(hosts)}))`);
  const splitLinkHosts = new Set(domains.map((row) => row.domain));
  return new Set(
    addresses
      .filter(
        ({ parsed }) =>
          parsed.host === link.requestUrl.host ||
          own.includes(parsed.hostname) ||
          splitLinkHosts.has(parsed.hostname),
      )
      .map(({ url }) => url),
  );
}

/** Refuses destinations that are SplitLink links (`loopingUrls`). */
async function refuseLoops(env: Env, db: Db, urls: string[], link: LinkContext): Promise<void> {
  if ((await loopingUrls(env, db, urls, link)).size > 0)
    throw new ApiError("invalid_input", TEST_MESSAGES.urlLoops);
}

/** Whether a domain of the workspace can carry links: only an active (verified) one. */
export const isUsableDomain = (domain: { status: string }) => domain.status === "active";

async function activeDomainOf(db: Db, workspaceId: string, domainId: string) {
  const domain = await ownedDomain(db, workspaceId, domainId).catch(() => null);
  if (!domain || !isUsableDomain(domain))
    throw new ApiError("domain_not_usable", TEST_MESSAGES.domainNotUsable);
  return domain;
}

/**
 * Whether a custom path is taken on a custom domain, or on the default domain (domainId null), where
 * /r/{path} is shared with the auto slugs of all tests.
 */
export async function customSlugTaken(db: Db, domainId: string | null, customSlug: string): Promise<boolean> {
  return (await takenSlugs(db, domainId, [customSlug])).size > 0;
}

/** Which of these custom paths are taken on one domain (`customSlugTaken`), in one query. */
export async function takenSlugs(db: Db, domainId: string | null, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  // One JSON parameter however many slugs: D1 binds at most 100 parameters a statement.
  const among = (column: typeof splitTests.slug | typeof splitTests.customSlug) =>
    sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(slugs)}))`;
  const rows = await db
    .select({ slug: splitTests.slug, customSlug: splitTests.customSlug, domainId: splitTests.customDomainId })
    .from(splitTests)
    .where(
      domainId
        ? and(eq(splitTests.customDomainId, domainId), among(splitTests.customSlug))
        : or(and(isNull(splitTests.customDomainId), among(splitTests.customSlug)), among(splitTests.slug)),
    );
  const asked = new Set(slugs);
  // On the default domain an auto slug takes its path too; on a custom domain only custom paths do.
  const paths = (row: (typeof rows)[number]) => [
    ...(row.domainId === domainId && row.customSlug ? [row.customSlug] : []),
    ...(domainId ? [] : [row.slug]),
  ];
  return new Set(rows.flatMap(paths).filter((slug) => asked.has(slug)));
}

/** How many tests the workspace holds against its quota (deleted ones do not count). */
export async function heldTests(db: Db, workspaceId: string): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(splitTests)
    .where(and(eq(splitTests.workspaceId, workspaceId), isNull(splitTests.deletedAt)));
  return held?.n ?? 0;
}

async function insertSplitTest(
  db: Db,
  shard: string,
  creator: Creator,
  input: CreateTestInput,
  link: LinkContext,
): Promise<{ row: SplitTestRow; test: SplitTest }> {
  assertBelowQuota("tests", await heldTests(db, creator.workspaceId));
  const customDomainId = input.customDomainId || null;
  const customSlug = input.customSlug || null;
  const domain = customDomainId ? await activeDomainOf(db, creator.workspaceId, customDomainId) : null;
  if (customSlug && (await customSlugTaken(db, domain?.id ?? null, customSlug))) {
    throw new ApiError("slug_taken", TEST_MESSAGES.slugTaken);
  }
  // A test that names no currency takes the workspace's, so its sales' values count by default.
  const currency =
    input.currency ||
    (
      await db
        .select({ currency: workspaces.currency })
        .from(workspaces)
        .where(eq(workspaces.id, creator.workspaceId))
        .get()
    )?.currency ||
    null;
  const passwordHash = input.password ? await hashPassword(input.password) : null;

  for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
    const row: SplitTestRow = {
      id: newTestId(),
      userId: creator.userId,
      workspaceId: creator.workspaceId,
      name: input.name,
      slug: generateSlug(),
      variants: input.variants.map(storedVariant),
      conversionUrl: input.conversionUrl,
      createdAt: Date.now(),
      customDomainId,
      customSlug,
      status: "active",
      winnerVariant: null,
      completedAt: null,
      primaryMetric: input.primaryMetric ?? DEFAULT_PRIMARY_METRIC,
      currency,
      startsAt: millisOf(input.startsAt ?? null),
      beforeUrl: input.beforeUrl || null,
      endsAt: millisOf(input.endsAt ?? null),
      endAfterVisitors: input.endAfterVisitors ?? null,
      onEnd: input.onEnd ?? "keep",
      afterUrl: input.afterUrl || null,
      stopEarly: input.stopEarly ?? false,
      minimumDays: input.minimumDays,
      plan: input.plan,
      endedBy: null,
      endResult: null,
      verdictAlertedAt: null,
      srmAlertedAt: null,
      autopilotCheckedAt: null,
      mode: input.mode ?? "experiment",
      weightsUpdatedAt: null,
      rules: input.rules ?? [],
      fallbackUrl: input.fallbackUrl || null,
      // Arms no one can compute offline from a session id (worker/redirect/variant.ts).
      bucketSecret: randomToken(16),
      conversionSources: input.conversionSources ?? "all",
      conversionGoal: input.conversionGoal,
      conversionUrlMatch: input.conversionUrlMatch,
      conversionEvent: input.conversionEvent ?? null,
      primaryMetricName: input.primaryMetricName ?? null,
      metrics: input.metrics ?? [],
      passwordHash,
      deletedAt: null,
      phase: 1,
      phaseStartedAt: null,
      shard,
    };
    try {
      const weights = row.variants.map((variant) => variant.weight);
      await db.batch([
        db.insert(splitTests).values(row),
        ...(row.mode === "optimise"
          ? [db.insert(weightHistory).values({ splitTestId: row.id, since: row.createdAt, weights })]
          : []),
        // Its segments are compacted from the start where its events are (a shard's copy: copyTestToShard).
        ...(shard === LEGACY_SHARD
          ? [db.insert(segmentCompaction).values({ splitTestId: row.id, through: row.createdAt })]
          : []),
        ...(input.tags.length > 0 ? tagWrites(db, creator.workspaceId, row.id, input.tags) : []),
      ]);
      return {
        row,
        test: toClient(row, domain?.domain ?? null, link, false, [...input.tags].sort()),
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two creations raced for one custom slug: the other won.
      if (customSlug && String(error).includes("custom_slug"))
        throw new ApiError("slug_taken", TEST_MESSAGES.slugTaken);
      // Otherwise the auto slug (or, far more rarely, the id) collided: draw both again.
    }
  }
  throw new Error("Could not find a free slug");
}

export function toClient(
  row: SplitTestRow,
  domain: string | null,
  link: LinkContext,
  variantsLocked: boolean,
  tags: string[],
): SplitTest {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    slug: row.slug,
    urlA: row.variants[0]?.url ?? "",
    urlB: row.variants[1]?.url ?? "",
    variants: row.variants.map(({ url, weight, name }, position) => ({
      label: labelAt(position),
      url,
      weight,
      name: name ?? null,
    })),
    kind: kindOf(row.variants),
    variantsLocked,
    phase: row.phase,
    phaseStartedAt: row.phaseStartedAt,
    conversionUrl: row.conversionUrl,
    conversionGoal: row.conversionGoal,
    conversionUrlMatch: row.conversionUrlMatch,
    metrics: [primaryMetricOf(row), ...row.metrics],
    createdAt: row.createdAt,
    customDomainId: row.customDomainId,
    customSlug: row.customSlug,
    status: row.status,
    winnerVariant: row.winnerVariant,
    link: splitLinkFor(row, domain, link.requestUrl, link.appHost),
    primaryMetric: row.primaryMetric,
    currency: row.currency,
    conversionSources: row.conversionSources,
    mode: row.mode,
    startsAt: row.startsAt === null ? null : new Date(row.startsAt).toISOString(),
    beforeUrl: row.beforeUrl,
    // The hash itself never leaves the Worker.
    passwordProtected: row.passwordHash !== null,
    endsAt: row.endsAt === null ? null : new Date(row.endsAt).toISOString(),
    endAfterVisitors: row.endAfterVisitors,
    onEnd: row.onEnd,
    afterUrl: row.afterUrl,
    stopEarly: row.stopEarly,
    minimumDays: row.minimumDays,
    plan: row.plan,
    completedAt: row.completedAt,
    endedBy: row.endedBy,
    endResult: row.endResult,
    rules: row.rules,
    fallbackUrl: row.fallbackUrl,
    tags,
  };
}

/** A variant as stored: a name only when it has one. */
const storedVariant = ({ url, weight, name }: VariantInput): VariantInput =>
  name ? { url, weight, name } : { url, weight };

// The rollup's sums per test, phase and variant of the tests in ?1. total(), a float, never fails on
// overflow as sum() would: squares of amounts grow fast.
const ROLLUP_TOTALS = `SELECT split_test_id AS testId, phase, variant, sum(clicks) AS clicks, sum(visitors) AS visitors,
    sum(conversions) AS conversions, sum(orders) AS orders, sum(revenue) AS revenue,
    total(revenue_squares) AS revenueSquares
  FROM ${STATS_OF_TESTS}
  GROUP BY split_test_id, phase, variant`;

/** The rollup's sums per test, phase and variant of `tests`, all on `shard`. */
async function rollupTotals(env: Env, shard: string, tests: Pick<SplitTestRow, "id">[]) {
  const { results } = await eventsDb(env, shard)
    .prepare(ROLLUP_TOTALS)
    .bind(JSON.stringify(tests.map((test) => test.id)))
    .all<VariantTotals & { testId: string; phase: number; variant: Variant }>();
  return results;
}

/**
 * Totals of each test's current phase per variant, in label order, from the hourly rollup, never from raw
 * clicks: one query per shard the tests are on, all at once.
 */
export async function totalsOf(
  env: Env,
  tests: Pick<SplitTestRow, "id" | "phase" | "variants" | "shard">[],
): Promise<Map<string, VariantTotals[]>> {
  const totals = new Map(tests.map((test) => [test.id, test.variants.map(() => NO_TOTALS)]));
  if (tests.length === 0) return totals;
  const perShard = await Promise.all(
    [...byShard(tests, (test) => test.shard)].map(([shard, some]) => rollupTotals(env, shard, some)),
  );
  const phases = new Map(tests.map((test) => [test.id, test.phase]));
  for (const row of perShard.flat()) {
    const arms = phases.get(row.testId) === row.phase ? totals.get(row.testId) : undefined;
    const position = VARIANT_LABELS.indexOf(row.variant);
    if (arms && position < arms.length) {
      arms[position] = {
        clicks: Number(row.clicks),
        visitors: Number(row.visitors),
        conversions: Number(row.conversions),
        orders: Number(row.orders),
        revenue: Number(row.revenue),
        revenueSquares: Number(row.revenueSquares),
      };
    }
  }
  return totals;
}

/** Whether the test has counted a click in its current phase: a change of URLs or weights then starts a new one. */
const hasCountedClicks = (totals: readonly VariantTotals[]) => totals.some((arm) => arm.clicks > 0);

/** A test of the caller's, by id or by slug. */
export type TestKey = { id: string } | { slug: string };

/** Another workspace's test simply does not match, nor does a deleted one. */
function ownedBy(workspaceId: string, key: TestKey): SQL | undefined {
  const match = "id" in key ? eq(splitTests.id, key.id) : eq(splitTests.slug, key.slug);
  return and(eq(splitTests.workspaceId, workspaceId), match, isNull(splitTests.deletedAt));
}

const notFound = () => new ApiError("not_found", TEST_MESSAGES.notFound);

/** Tests in the client shape, newest first, with their domain's link and their stats. */
async function clientTests(env: Env, where: SQL | undefined, link: LinkContext): Promise<TestWithStats[]> {
  const rows = await getDb(env.DB)
    .select({ test: splitTests, domain: customDomains.domain, tags: tagsColumn })
    .from(splitTests)
    .leftJoin(customDomains, eq(customDomains.id, splitTests.customDomainId))
    .where(where)
    .orderBy(desc(splitTests.createdAt));
  const totals = await totalsOf(
    env,
    rows.map((r) => r.test),
  );
  return Promise.all(
    rows.map(async (r) => {
      const arms = totals.get(r.test.id) ?? [];
      return {
        ...toClient(r.test, r.domain, link, hasCountedClicks(arms), JSON.parse(r.tags) as string[]),
        stats: await statsOf(env, r.test, arms),
      };
    }),
  );
}

/**
 * A test's stats from its totals as counted, with the test's one verdict (the test page's): no query
 * while nothing wins, else the forged-traffic check's, and an optimised test's reweighting.
 */
export async function statsOf(env: Env, test: SplitTestRow, totals: VariantTotals[]): Promise<TestStats> {
  const decision = await verdictOfTest(eventsDb(env, test.shard), test, totals);
  return summarize(totals, decision, test.primaryMetric, test.currency);
}

/**
 * The workspace's tests; with `search`, only those whose name, slug, custom path or one of whose tags
 * contains it, in any case (instr, not LIKE: a % or _ in the search is just a character); with `tag`, only
 * those that carry it.
 */
export function listSplitTests(
  env: Env,
  workspaceId: string,
  link: LinkContext,
  { q, kind, tag }: TestListQuery = {},
): Promise<TestWithStats[]> {
  const term = q?.toLowerCase();
  const found = term
    ? sql`(instr(lower(${splitTests.name}), ${term}) > 0 OR instr(lower(${splitTests.slug}), ${term}) > 0
          OR instr(lower(coalesce(${splitTests.customSlug}, '')), ${term}) > 0 OR ${tagContains(term)})`
    : undefined;
  // A plain link has one destination (contract/variants.ts kindOf).
  const ofKind = kind
    ? sql`json_array_length(${splitTests.variants}) ${kind === "link" ? sql`= 1` : sql`> 1`}`
    : undefined;
  return clientTests(
    env,
    and(
      eq(splitTests.workspaceId, workspaceId),
      isNull(splitTests.deletedAt),
      found,
      ofKind,
      tag ? carriesTag(workspaceId, tag) : undefined,
    ),
    link,
  );
}

export async function getSplitTest(
  env: Env,
  workspaceId: string,
  key: TestKey,
  link: LinkContext,
): Promise<TestWithStats> {
  const [test] = await clientTests(env, ownedBy(workspaceId, key), link);
  if (!test) throw notFound();
  return test;
}

/** A test of the workspace's as stored. */
export async function ownedTest(db: Db, workspaceId: string, key: TestKey): Promise<SplitTestRow> {
  const row = await db.select().from(splitTests).where(ownedBy(workspaceId, key)).get();
  if (!row) throw notFound();
  return row;
}

export type LifecycleChange =
  | { action: "pause" }
  | { action: "resume" }
  | { action: "promote"; variant: Variant };

/** Pause, resume, or complete a test by promoting a variant; a completed test no longer changes. */
async function updateLifecycle(
  db: Db,
  workspaceId: string,
  id: string,
  change: LifecycleChange,
): Promise<SplitTestRow> {
  const current = await ownedTest(db, workspaceId, { id });
  if (current.status === "completed") throw new ApiError("test_completed", LIFECYCLE_MESSAGES.completed);
  if (change.action === "promote" && VARIANT_LABELS.indexOf(change.variant) >= current.variants.length)
    throw new ApiError("invalid_input", LIFECYCLE_MESSAGES.chooseVariant);

  const next =
    change.action === "promote"
      ? { status: "completed" as const, winnerVariant: change.variant, completedAt: Date.now() }
      : { status: change.action === "pause" ? ("paused" as const) : ("active" as const) };
  // Guarded on "not completed" too, so a concurrent promotion cannot be undone.
  const [updated] = await db
    .update(splitTests)
    .set(next)
    .where(and(ownedBy(workspaceId, { id }), ne(splitTests.status, "completed")))
    .returning();
  if (!updated) throw new ApiError("test_completed", LIFECYCLE_MESSAGES.completed);
  return updated;
}

const millisOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The end settings a change names; what it leaves out stays as it is. */
function scheduleChange(input: UpdateTestInput): Partial<SplitTestRow> {
  const change: Partial<SplitTestRow> = {};
  if (input.startsAt !== undefined) change.startsAt = millisOf(input.startsAt);
  if (input.beforeUrl !== undefined) change.beforeUrl = input.beforeUrl || null;
  if (input.endsAt !== undefined) change.endsAt = millisOf(input.endsAt);
  if (input.endAfterVisitors !== undefined) change.endAfterVisitors = input.endAfterVisitors;
  if (input.onEnd !== undefined) change.onEnd = input.onEnd;
  // An end elsewhere than the after-page has none.
  if (input.afterUrl !== undefined) change.afterUrl = input.afterUrl || null;
  if (input.onEnd !== undefined && input.onEnd !== "url") change.afterUrl = null;
  if (input.stopEarly !== undefined) change.stopEarly = input.stopEarly;
  if (input.minimumDays !== undefined) change.minimumDays = input.minimumDays;
  if (input.conversionSources !== undefined) change.conversionSources = input.conversionSources;
  if (input.currency !== undefined) change.currency = input.currency;
  return change;
}

/**
 * A start date changes only before the link started counting (issue #49): once it counted a click its
 * numbers have a start. An end date, changed alone, still comes after the test's start date.
 */
function refuseStartChange(current: SplitTestRow, input: UpdateTestInput, clicked: boolean, now: number) {
  const startsAt = input.startsAt === undefined ? current.startsAt : millisOf(input.startsAt);
  if (startsAt !== current.startsAt) {
    if (clicked && !notStartedAt(current.startsAt, now))
      throw new ApiError("invalid_input", SCHEDULE_MESSAGES.startsAtLocked);
    const problem = input.startsAt ? startProblem(input.startsAt, null, now) : null;
    if (problem) throw new ApiError("invalid_input", SCHEDULE_MESSAGES[problem]);
  }
  const endsAt = input.endsAt === undefined ? current.endsAt : millisOf(input.endsAt);
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
    throw new ApiError("invalid_input", SCHEDULE_MESSAGES.endsBeforeStart);
}

/**
 * The end a change leaves, checked whole: the fewest visitors and the after-page depend on what the end
 * does, which the change may leave as it is.
 */
function refuseEndChange(current: SplitTestRow, input: UpdateTestInput): void {
  const onEnd = input.onEnd ?? current.onEnd;
  const afterUrl = input.afterUrl !== undefined ? input.afterUrl : onEnd === "url" ? current.afterUrl : null;
  const endAfterVisitors =
    input.endAfterVisitors !== undefined ? input.endAfterVisitors : current.endAfterVisitors;
  const problem =
    scheduleProblem(null, endAfterVisitors, Date.now(), onEnd) ?? afterPageProblem(onEnd, afterUrl);
  if (problem) throw new ApiError("invalid_input", SCHEDULE_MESSAGES[problem]);
  refuseEndBeforeMinimumDays(current, input, onEnd);
}

/** A change that would end the test before its minimum days are up, counted from its phase's start. */
function refuseEndBeforeMinimumDays(current: SplitTestRow, input: UpdateTestInput, onEnd: EndAction): void {
  if (input.endsAt === undefined && input.minimumDays === undefined) return;
  if (!endWaitsForMinimumDays(onEnd)) return;
  const endsAt = input.endsAt === undefined ? current.endsAt : millisOf(input.endsAt);
  const minimumDays = input.minimumDays ?? current.minimumDays;
  if (endsAt !== null && endsBeforeMinimumDays(endsAt, minimumDays, phaseStartOf(current)))
    throw new ApiError("invalid_input", SCHEDULE_MESSAGES.endsBeforeMinimumDays);
}

/**
 * The variants a change names, as stored. An optimised test's weights are the bandit's: kept while its
 * URLs stay, an even split when they change.
 */
function variantsAfter(current: SplitTestRow, input: VariantInput[]): VariantInput[] {
  const sameUrls =
    input.length === current.variants.length && input.every((v, i) => v.url === current.variants[i]?.url);
  const even = evenWeights(input.length);
  return input.map((variant, i) =>
    storedVariant({
      ...variant,
      weight:
        current.mode === "experiment"
          ? variant.weight
          : ((sameUrls ? current.variants[i]?.weight : even[i]) ?? variant.weight),
    }),
  );
}

/**
 * New variants, weights and names, new end settings, rules or goal (while the test runs). New URLs or
 * weights after a click counted in the current phase start the next phase at once (its number and start
 * on the test, the ended one's variants in test_phases), in the same statement that checks for that
 * click; names change nothing else. The link follows at once.
 */
export async function updateTest(
  env: Env,
  workspaceId: string,
  id: string,
  input: UpdateTestInput,
  link: LinkContext,
): Promise<TestWithStats> {
  const db = getDb(env.DB);
  const current = await ownedTest(db, workspaceId, { id });
  // Tags file a test, whatever its state: a completed one's too, alone, with nothing else to change.
  const { tags, password, ...rest } = input;
  const nothingElse = Object.values(rest).every((value) => value === undefined);
  if (tags !== undefined && password === undefined && nothingElse) {
    await setTestTags(db, workspaceId, id, tags);
    return getSplitTest(env, workspaceId, { id }, link);
  }
  if (current.status === "completed") {
    // Its link still sends visitors on (to the winner or the after-page), behind its password if it has
    // one: the password may change, alone or with the tags, and nothing else.
    if (password === undefined || !nothingElse)
      throw new ApiError("test_completed", LIFECYCLE_MESSAGES.completed);
    return changeCompletedPassword(env, workspaceId, id, password, tags, link);
  }
  refuseEndChange(current, input);
  // The bandit has nothing to move with one destination.
  if (current.mode === "optimise" && input.variants && isPlainLink(input.variants))
    throw new ApiError("invalid_input", VARIANT_MESSAGES.optimiseNeedsTwo);
  const variants = input.variants && variantsAfter(current, input.variants);
  const split =
    variants &&
    (variants.length !== current.variants.length ||
      variants.some(
        (v, i) => v.url !== current.variants[i]?.url || v.weight !== current.variants[i]?.weight,
      ));
  // Read from the test's shard, which holds its rollup (worker/db/shards.ts), before the change.
  const counts = await countedOf(env, current);
  const counted = sql`${counts.clicks ? 1 : 0}`;
  const now = Date.now();
  refuseStartChange(current, input, counts.clicks, now);
  const rules = rulesChange(current, input);
  await refuseLoops(
    env,
    db,
    destinationsOf({ variants, ...rules?.change, beforeUrl: input.beforeUrl, afterUrl: input.afterUrl }),
    link,
  );
  const [[updated]] = await db.batch([
    db
      .update(splitTests)
      .set({
        ...(variants ? { variants } : {}),
        ...(split
          ? {
              phase: sql`${splitTests.phase} + ${counted}`,
              phaseStartedAt: sql`CASE WHEN ${counted} THEN ${now} ELSE ${splitTests.phaseStartedAt} END`,
              // The new phase's verdict and split may be alerted again.
              verdictAlertedAt: sql`CASE WHEN ${counted} THEN NULL ELSE ${splitTests.verdictAlertedAt} END`,
              srmAlertedAt: sql`CASE WHEN ${counted} THEN NULL ELSE ${splitTests.srmAlertedAt} END`,
            }
          : {}),
        ...scheduleChange(input),
        ...(await passwordChange(password)),
        ...rules?.change,
        ...metricsChange(current, input),
      })
      .where(
        and(
          ownedBy(workspaceId, { id }),
          ne(splitTests.status, "completed"),
          rules?.locksOnClicks ? sql`NOT ${counted}` : undefined,
          // The currency is the owner's until an order has counted in it (orders count only in the test's).
          input.currency !== undefined && input.currency !== current.currency
            ? sql`NOT ${counts.orders ? 1 : 0}`
            : undefined,
        ),
      )
      .returning(),
    // The phase that ended, as it was, if this change started the next one.
    db
      .insert(testPhases)
      .select(
        sql`SELECT ${id}, ${current.phase}, ${current.phaseStartedAt ?? current.createdAt}, ${now}, ${JSON.stringify(current.variants)}
            WHERE EXISTS (SELECT 1 FROM ${splitTests} WHERE id = ${id} AND phase = ${current.phase + 1} AND phase_started_at = ${now})`,
      )
      .onConflictDoNothing(),
  ]);
  if (!updated)
    throw rules?.locksOnClicks
      ? new ApiError("rules_locked", RULE_MESSAGES.locked)
      : input.currency !== undefined
        ? new ApiError("currency_locked", METRIC_MESSAGES.currencyLocked)
        : new ApiError("test_completed", LIFECYCLE_MESSAGES.completed);
  // An optimised test's weights of the phase: the first set of a new phase, or the first one replaced.
  if (split && updated.mode === "optimise")
    await db
      .insert(weightHistory)
      .values({
        splitTestId: id,
        since: updated.phaseStartedAt ?? updated.createdAt,
        weights: updated.variants.map((variant) => variant.weight),
      })
      .onConflictDoUpdate({
        target: [weightHistory.splitTestId, weightHistory.since],
        set: { weights: sql`excluded.weights` },
      });
  // After the change that could be refused: a refused change leaves the tags as they were too.
  if (tags !== undefined) await setTestTags(db, workspaceId, id, tags);
  await refreshShardCopy(env, id);
  const linkChanged =
    input.startsAt !== undefined || input.beforeUrl !== undefined || input.password !== undefined;
  if (variants || rules || linkChanged) await storeLink(env, updated);
  return getSplitTest(env, workspaceId, { id }, link);
}

/** A new password's hash, or none (null); a new hash logs out everyone who gave the old one (redirect/password.ts). */
async function passwordChange(password: string | null | undefined): Promise<Partial<SplitTestRow>> {
  if (password === undefined) return {};
  return { passwordHash: password === null ? null : await hashPassword(password) };
}

/** A completed test's password (and tags) changed, and its link obeys at once. */
async function changeCompletedPassword(
  env: Env,
  workspaceId: string,
  id: string,
  password: string | null,
  tags: string[] | undefined,
  link: LinkContext,
): Promise<TestWithStats> {
  const db = getDb(env.DB);
  const [updated] = await db
    .update(splitTests)
    .set(await passwordChange(password))
    .where(ownedBy(workspaceId, { id }))
    .returning();
  if (!updated) throw notFound();
  if (tags !== undefined) await setTestTags(db, workspaceId, id, tags);
  await refreshShardCopy(env, id);
  await storeLink(env, updated);
  return getSplitTest(env, workspaceId, { id }, link);
}

/** Whether the test's rollup has a click in its current phase, and an order in any. */
async function countedOf(env: Env, test: SplitTestRow): Promise<{ clicks: boolean; orders: boolean }> {
  const row = await eventsDb(env, test.shard)
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM ${STATS_OF_TEST} WHERE phase = ?2 AND clicks > 0) AS clicks,
              EXISTS (SELECT 1 FROM ${STATS_OF_TEST} WHERE orders > 0) AS orders`,
    )
    .bind(test.id, test.phase)
    .first<{ clicks: number; orders: number }>();
  return { clicks: Boolean(row?.clicks), orders: Boolean(row?.orders) };
}

/** The goal a change names, checked with what it leaves as it is; nothing when it names none. */
function goalChange(current: SplitTestRow, input: UpdateTestInput): Goal | null {
  const { conversionGoal, conversionUrl, conversionUrlMatch } = input;
  if (conversionGoal === undefined && conversionUrl === undefined && conversionUrlMatch === undefined)
    return null;
  const goal = goalAfter(current, { conversionGoal, conversionUrl, conversionUrlMatch });
  if (typeof goal === "string") throw new ApiError("invalid_input", GOAL_MESSAGES[goal]);
  return goal;
}

/**
 * The metrics a change names: the goal (the primary's, by the goal fields or `metrics`), a named call
 * only with a goal that came with one, the secondary and guardrail metrics replaced. What decides (the
 * primary's kind) is the test's from its creation.
 */
function metricsChange(current: SplitTestRow, input: UpdateTestInput): Partial<SplitTestRow> {
  if (input.primaryMetric !== undefined && input.primaryMetric !== current.primaryMetric)
    throw new ApiError("invalid_input", METRIC_MESSAGES.primaryKindLocked);
  const goal = goalChange(current, input);
  return {
    ...goal,
    ...(goal ? { conversionEvent: input.conversionEvent ?? null } : {}),
    ...(input.metrics ? { metrics: input.metrics } : {}),
    ...(input.primaryMetricName ? { primaryMetricName: input.primaryMetricName } : {}),
  };
}

/**
 * The rules and fallback URL a change names, checked together with what it leaves as it is. Rules that
 * choose who joins the experiment stay fixed from the first counted click, like the variants; rules
 * that only send visitors to fixed URLs may change any time.
 */
function rulesChange(
  current: SplitTestRow,
  input: UpdateTestInput,
): { change: Pick<SplitTestRow, "rules" | "fallbackUrl">; locksOnClicks: boolean } | null {
  if (input.rules === undefined && input.fallbackUrl === undefined) return null;
  const rules = input.rules ?? current.rules;
  const fallbackUrl = (input.fallbackUrl === undefined ? current.fallbackUrl : input.fallbackUrl) || null;
  const problem = rulesProblem(rules, fallbackUrl);
  if (problem) throw new ApiError("invalid_input", problem);
  return {
    change: { rules, fallbackUrl },
    locksOnClicks: hasExperimentRule(current.rules) || hasExperimentRule(rules),
  };
}

/**
 * Changes the test, then updates the redirect's caches before answering, so the link obeys at once.
 */
export async function changeLifecycle(
  env: Env,
  workspaceId: string,
  id: string,
  change: LifecycleChange,
  link: LinkContext,
): Promise<TestWithStats> {
  const db = getDb(env.DB);
  const updated = await updateLifecycle(db, workspaceId, id, change);
  await refreshShardCopy(env, updated.id);
  await storeLink(env, updated);
  return getSplitTest(env, workspaceId, { id: updated.id }, link);
}

/** Creates the test, and caches its link for the redirect after answering. */
export async function createSplitTest(
  env: Env,
  background: Background,
  creator: Creator,
  input: CreateTestInput,
  link: LinkContext,
): Promise<TestWithStats> {
  await refuseLoops(env, getDb(env.DB), destinationsOf(input), link);
  const { row, test } = await insertSplitTest(
    getDb(env.DB),
    await shardForNewTest(env),
    creator,
    input,
    link,
  );
  // Before the link exists: the shard counts no event of a test it has no copy of, so a test whose copy
  // could not be made is not made at all.
  try {
    await copyTestToShard(env, row.id, { created: true });
  } catch (error) {
    await env.DB.prepare("DELETE FROM split_tests WHERE id = ?1").bind(row.id).run();
    throw error;
  }
  // Its workspace's traffic rules beside it, so that the first visitor finds both in KV.
  background.waitUntil(
    Promise.all([storeLink(env, row), row.workspaceId && storeTrafficRules(env, row.workspaceId)]),
  );
  return {
    ...test,
    stats: await statsOf(
      env,
      row,
      row.variants.map(() => NO_TOTALS),
    ),
  };
}

/**
 * What deleting a test changes at once: it is gone for its owner and its link, ends (nothing more is
 * recorded for it) and frees its custom slug. Its events, rollup and archive, millions of rows maybe,
 * are purged in chunks by the archive cron (worker/archive/purge.ts), which deletes the row last.
 */
export const deletion = (now: number) => ({
  deletedAt: now,
  status: "completed" as const,
  completedAt: sql`coalesce(${splitTests.completedAt}, ${now})`,
  customSlug: null,
});

/** Deletes the test (see `deletion`), and its cached link after answering. */
export async function deleteSplitTest(
  env: Env,
  background: Background,
  workspaceId: string,
  id: string,
): Promise<void> {
  const db = getDb(env.DB);
  const test = await ownedTest(db, workspaceId, { id });
  const [[deleted]] = await db.batch([
    db
      .update(splitTests)
      .set(deletion(Date.now()))
      .where(ownedBy(workspaceId, { id }))
      .returning({ id: splitTests.id }),
    // Its tags go at once: the workspace's tag list no longer counts it.
    ...tagWrites(db, workspaceId, id, []),
  ]);
  if (!deleted) throw notFound();
  // Its shard stops counting its events as the main database does.
  await refreshShardCopy(env, id);
  // The keys of the test as it was: its custom slug is cleared now.
  background.waitUntil(removeLink(env, test));
}
