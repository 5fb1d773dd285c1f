import type { TrackingSetup } from "../../contract/api/tracking";
import type { TestMetric } from "../../contract/metrics";
import {
  type ConversionGoal,
  type HiddenQuery,
  type SightingKind,
  tagPageGoal,
  type UrlMatch,
} from "../../contract/tracking";
import { REFUSED_CONVERSION_REASONS, UNCOUNTED_VISIT_REASONS } from "../../contract/trust";
import { firstCountedClickAt } from "../db/click-packs";
import type { Background } from "../lib/background";
import { enqueueEvent } from "../queue/producer";

/**
 * One test's goal as the site tag reads it: no name, no variant, nothing but what the tag applies; a
 * page goal's query only as a hash (contract/tracking.ts `tagPageGoal`).
 */
export interface TagGoal {
  id: string;
  goal: ConversionGoal;
  url?: string;
  match?: UrlMatch;
  query?: HiddenQuery;
  /** The named call of a call goal (`splitlink.convert({ goal })`); absent: any call. */
  event?: string;
  /** The goals of its secondary and guardrail metrics, each with the metric's name the beacon sends back. */
  metrics?: TagMetricGoal[];
}

/** A secondary or guardrail metric's goal as the tag applies it. */
export type TagMetricGoal =
  | { name: string; url: string; match: UrlMatch; query?: HiddenQuery }
  | { name: string; event: string };

/** The goals of a test's metrics that the tag can see reached: pages and named calls. */
function tagMetricGoals(metrics: readonly TestMetric[]): TagMetricGoal[] {
  return metrics.flatMap(({ name, goal }): TagMetricGoal[] => {
    if (!goal) return [];
    return "event" in goal ? [{ name, event: goal.event }] : [{ name, ...tagPageGoal(goal.url, goal.match) }];
  });
}

// The tests whose visitors can still convert (not completed, not deleted), newest first; a workspace's
// 200 newest are more than any site runs at once.
const GOALS_OF_SITE = `SELECT t.id, t.conversion_goal AS goal, t.conversion_url AS url,
    t.conversion_url_match AS match, t.conversion_event AS event, t.metrics
  FROM workspaces AS w JOIN split_tests AS t ON t.workspace_id = w.id
  WHERE w.site_key = ?1 AND t.status != 'completed' AND t.deleted_at IS NULL
  ORDER BY t.created_at DESC LIMIT 200`;

/** What the site tag reads for a workspace: its tests' goals, and whether it reports to GA4 and Tag Manager. */
export interface SiteTagSettings {
  tests: TagGoal[];
  ga4: boolean;
}

/** The site tag's settings for a workspace, by its public site key; null for an unknown key. */
export async function goalsOfSite(db: D1Database, siteKey: string): Promise<SiteTagSettings | null> {
  const [owner, goals] = await db.batch([
    db
      .prepare("SELECT ga4_enabled_at FROM workspaces WHERE site_key = ?1 AND deleted_at IS NULL")
      .bind(siteKey),
    db.prepare(GOALS_OF_SITE).bind(siteKey),
  ]);
  const workspace = owner?.results[0] as { ga4_enabled_at: number | null } | undefined;
  if (!workspace) return null;
  const rows = (goals?.results ?? []) as {
    id: string;
    goal: ConversionGoal;
    url: string | null;
    match: UrlMatch;
    event: string | null;
    metrics: string;
  }[];
  return {
    tests: rows.map(({ id, goal, url, match, event, metrics }) => {
      const tagGoal: TagGoal =
        goal === "page" && url
          ? { id, goal, ...tagPageGoal(url, match) }
          : { id, goal, ...(goal === "call" && event ? { event } : {}) };
      const metricGoals = tagMetricGoals(JSON.parse(metrics) as TestMetric[]);
      return metricGoals.length ? { ...tagGoal, metrics: metricGoals } : tagGoal;
    }),
    ga4: workspace.ga4_enabled_at !== null,
  };
}

// An isolate writes a test's sighting of a kind at most once a minute: a busy site's pages cost a
// lookup here, not a queue event each.
const SIGHTING_GAP_MS = 60_000;
const lastSightings = new Map<string, number>();

// A test that is not deleted, of the live workspace the site key names: the main database holds whose
// key it is (an event shard keeps stand-in workspaces without keys).
const TEST_OF_SITE = `SELECT 1 FROM split_tests AS t JOIN workspaces AS w ON w.id = t.workspace_id
  WHERE t.id = ?1 AND w.site_key = ?2 AND t.deleted_at IS NULL AND w.deleted_at IS NULL`;

/**
 * Where the tag ran for a test, for its setup checklist: host and path only, through the queue. Anyone
 * can post, so it counts only for a test of the workspace whose site key the tag sent: no one rewrites
 * another workspace's checklist. The answer does not say which (it is a beacon's).
 */
export function recordSighting(
  env: Env,
  ctx: Background,
  sighting: { siteKey: string; testId: string; kind: SightingKind; url: URL },
): void {
  const now = Date.now();
  // With the key: a sighting sent with a wrong key cannot hold back the right one for a minute.
  const key = `${sighting.siteKey}|${sighting.testId}|${sighting.kind}`;
  if (now - (lastSightings.get(key) ?? 0) < SIGHTING_GAP_MS) return;
  if (lastSightings.size > 10_000) lastSightings.clear();
  lastSightings.set(key, now);
  ctx.waitUntil(
    (async () => {
      const ofSite = await env.DB.prepare(TEST_OF_SITE).bind(sighting.testId, sighting.siteKey).first();
      if (!ofSite) return;
      enqueueEvent(env, ctx, {
        type: "sighting",
        testId: sighting.testId,
        kind: sighting.kind,
        host: sighting.url.host,
        path: sighting.url.pathname.slice(0, 512),
        timestamp: now,
      });
    })(),
  );
}

interface SetupRow {
  link_opened_at: number | null;
  first_conversion_at: number | null;
  landing_host: string | null;
  landing_path: string | null;
  landing_at: number | null;
  goal_host: string | null;
  goal_path: string | null;
  goal_at: number | null;
}

// The first person's click (a click the archive moved to R2 leaves its hour in the rollup: the archive
// takes only hours the rollup counts, worker/db/hour-stats.ts), the first conversion and the two
// sightings: indexed lookups (the first hour's packs with a person's click), one row.
const SETUP_OF_TEST = `SELECT
    coalesce(${firstCountedClickAt("?1")},
             (SELECT min(hour) FROM test_stats_hourly WHERE split_test_id = ?1 AND clicks > 0)) AS link_opened_at,
    coalesce((SELECT min(timestamp) FROM conversions WHERE split_test_id = ?1),
             (SELECT min(hour) FROM test_stats_hourly WHERE split_test_id = ?1 AND conversions > 0)) AS first_conversion_at,
    l.host AS landing_host, l.path AS landing_path, l.seen_at AS landing_at,
    g.host AS goal_host, g.path AS goal_path, g.seen_at AS goal_at
  FROM (SELECT 1)
  LEFT JOIN tag_sightings AS l ON l.split_test_id = ?1 AND l.kind = 'landing'
  LEFT JOIN tag_sightings AS g ON g.split_test_id = ?1 AND g.kind = 'goal'`;

// What reached the test and was not counted, by reason, most first: the rows of its traffic quality,
// and the visits its audience rules sent to a fixed URL. Not the flagged clicks of the hour not compacted
// yet, which the analytics add from the packs: the checklist asks every 10 s while a step is open, and
// unpacking a busy test's hour each time would cost more rows read than everything else it does (bots
// and bursts join within the hour).
const NOT_COUNTED_OF_TEST = `SELECT reason, events FROM (
    SELECT reason, events FROM traffic_quality WHERE split_test_id = ?1 AND events > 0
    UNION ALL
    SELECT 'rule', sum(visits) FROM rule_visit_counts WHERE split_test_id = ?1 HAVING sum(visits) > 0)
  ORDER BY events DESC, reason`;
const VISIT_REASONS: readonly string[] = UNCOUNTED_VISIT_REASONS;
// Refused conversions; other_currency counted.
const REFUSED_REASONS: readonly string[] = REFUSED_CONVERSION_REASONS.filter(
  (reason) => reason !== "other_currency",
);

/** A test's setup checklist, the same for both APIs; the caller has checked the test is the workspace's. */
export async function setupOf(db: D1Database, testId: string): Promise<TrackingSetup> {
  const [setupRows, notCountedRows] = await db.batch([
    db.prepare(SETUP_OF_TEST).bind(testId),
    db.prepare(NOT_COUNTED_OF_TEST).bind(testId),
  ]);
  const row = setupRows?.results[0] as SetupRow | undefined;
  const notCounted = (notCountedRows?.results ?? []) as { reason: string; events: number }[];
  const sighting = (host: string | null, path: string | null, seenAt: number | null) =>
    host && path && seenAt ? { host, path, seenAt } : null;
  return {
    linkOpenedAt: row?.link_opened_at ?? null,
    landingTag: sighting(row?.landing_host ?? null, row?.landing_path ?? null, row?.landing_at ?? null),
    goalTag: sighting(row?.goal_host ?? null, row?.goal_path ?? null, row?.goal_at ?? null),
    firstConversionAt: row?.first_conversion_at ?? null,
    uncountedVisits: notCounted.filter(({ reason }) =>
      VISIT_REASONS.includes(reason),
    ) as TrackingSetup["uncountedVisits"],
    refusedConversions: notCounted.filter(({ reason }) =>
      REFUSED_REASONS.includes(reason),
    ) as TrackingSetup["refusedConversions"],
  };
}

/** The workspace's site key, for the snippet in Settings and on each test page. */
export async function siteKeyOf(db: D1Database, workspaceId: string): Promise<string> {
  const row = await db
    .prepare("SELECT site_key FROM workspaces WHERE id = ?1")
    .bind(workspaceId)
    .first<{ site_key: string }>();
  if (!row?.site_key) throw new Error("The workspace has no site key");
  return row.site_key;
}
