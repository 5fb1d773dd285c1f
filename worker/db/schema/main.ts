import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { VariantInput, WebhookEventType } from "../../../contract/api";
import { SLACK_STATUSES } from "../../../contract/api/integrations";
import { PRIMARY_METRICS, type TestMetric } from "../../../contract/metrics";
import type { SavedPlan } from "../../../contract/planner";
import type { Rule } from "../../../contract/rules";
import { END_ACTIONS, END_REASONS, END_RESULTS } from "../../../contract/schedule";
import { TAG_COLOURS } from "../../../contract/tags";
import { CONVERSION_GOALS, URL_MATCHES } from "../../../contract/tracking";
import type { TrafficRules } from "../../../contract/traffic";
import { CONVERSION_SOURCES } from "../../../contract/trust";
import { TEST_MODES, VARIANT_LABELS } from "../../../contract/variants";
import { ACTOR_TYPES, API_KEY_REVOCATION_REASONS, API_KEY_SCOPES, ROLES } from "../../../contract/workspaces";

// Mirrors migrations/*.sql; the migrations are the source of truth for the database,
// tests/worker/schema.test.ts checks that both agree. The main database's tables; the event shards'
// are in ./events.ts (every database runs the same migrations, but only these hold data on the main
// one, besides the events of the tests made before shards: worker/db/shards.ts).

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: integer("created_at").notNull(),
  emailVerifiedAt: integer("email_verified_at"),
  // Set when the account is deleted; the row goes once its tests are purged (migrations/0012_archive.sql).
  deletedAt: integer("deleted_at"),
  // The alert choices and the site key moved to memberships and workspaces (0020_workspaces.sql).
  // Two-factor sign-in (0039_two_factor.sql): the TOTP secret encrypted (worker/auth/secret-box.ts),
  // when it was enabled (null: set up, not yet enabled), and the last time step accepted.
  totpSecret: text("totp_secret"),
  totpEnabledAt: integer("totp_enabled_at"),
  totpLastStep: integer("totp_last_step"),
});

/** A user's single-use recovery codes, as SHA-256 hashes (0039_two_factor.sql). */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A team's or a person's space: tests, domains, keys, webhooks (migrations/0020_workspaces.sql). */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    // Set on each user's personal workspace, whose id is the user's id.
    personalUserId: text("personal_user_id"),
    siteKey: text("site_key"),
    // When the site tag's GA4 and Tag Manager report was switched on; null while off (0032_ga4.sql).
    ga4EnabledAt: integer("ga4_enabled_at"),
    // Whether its members must sign in with a second factor to work in it (0039_two_factor.sql).
    requireTwoFactor: integer("require_two_factor", { mode: "boolean" }).notNull().default(false),
    // Its traffic rules, null until first saved (0040_traffic_rules.sql).
    trafficRules: text("traffic_rules", { mode: "json" }).$type<TrafficRules>(),
    // What a new test's revenue counts in when it names no currency (0041_workspace_currency.sql).
    currency: text("currency"),
    createdAt: integer("created_at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    uniqueIndex("workspaces_personal_idx").on(t.personalUserId).where(sql`personal_user_id IS NOT NULL`),
    uniqueIndex("workspaces_site_key_idx").on(t.siteKey).where(sql`site_key IS NOT NULL`),
  ],
);

export const memberships = sqliteTable(
  "memberships",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    alertVerdict: integer("alert_verdict", { mode: "boolean" }).notNull().default(true),
    alertCompleted: integer("alert_completed", { mode: "boolean" }).notNull().default(true),
    alertSrm: integer("alert_srm", { mode: "boolean" }).notNull().default(true),
    weeklyDigest: integer("weekly_digest", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    /** The week (its Monday 00:00 UTC) of the last digest sent: migrations/0024_digest.sql. */
    digestSentWeek: integer("digest_sent_week"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    declinedAt: integer("declined_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    uniqueIndex("invitations_token_idx").on(t.tokenHash),
    index("invitations_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** Every change and who made it; a deleted test's history stays in the workspace's log. */
export const historyEvents = sqliteTable(
  "history_events",
  {
    id: integer("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    splitTestId: text("split_test_id"),
    at: integer("at").notNull(),
    actorType: text("actor_type", { enum: ACTOR_TYPES }).notNull(),
    actorUserId: text("actor_user_id"),
    // The user's email or the key's name as they were then.
    actorLabel: text("actor_label"),
    action: text("action").notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
  },
  (t) => [
    index("history_events_workspace_idx").on(t.workspaceId, t.id),
    index("history_events_test_idx").on(t.splitTestId, t.id).where(sql`split_test_id IS NOT NULL`),
    index("history_events_invitation_sends_workspace_idx")
      .on(t.workspaceId, t.at)
      .where(sql`action IN ('member.invited', 'member.invitation_resent')`),
    index("history_events_invitation_sends_actor_idx")
      .on(t.actorUserId, t.at)
      .where(sql`action IN ('member.invited', 'member.invitation_resent')`),
  ],
);

/** The workspace a row belongs to (0020_workspaces.sql); null only in rows from before, which it filled. */
const workspaceColumn = () => text("workspace_id").references(() => workspaces.id);

/** The id of a row that belongs to a user, and goes when the user goes. */
const ownedRow = () => ({
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

export const sessions = sqliteTable(
  "sessions",
  {
    ...ownedRow(),
    refreshTokenHash: text("refresh_token_hash").notNull(),
    // The secret before the last rotation: replayed, it reveals a copied token (worker/services/auth.ts).
    previousRefreshTokenHash: text("previous_refresh_token_hash"),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    revokedAt: integer("revoked_at"),
    // When the password was last entered in this session (migrations/0038_membership_lifecycle.sql).
    passwordAt: integer("password_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const emailTokenPurposes = ["verify_email", "reset_password"] as const;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    ...ownedRow(),
    purpose: text("purpose", { enum: emailTokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
    // A verification link's sign-up browser and pending password (0052_sign_up_browser.sql).
    browserHash: text("browser_hash"),
    passwordHash: text("password_hash"),
  },
  (t) => [
    uniqueIndex("email_tokens_hash_idx").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.purpose),
  ],
);

export const domainStatuses = ["new", "pending_validation", "active", "error"] as const;
export type DomainStatus = (typeof domainStatuses)[number];

export const customDomains = sqliteTable(
  "custom_domains",
  {
    ...ownedRow(),
    workspaceId: workspaceColumn(),
    domain: text("domain").notNull().unique(),
    status: text("status", { enum: domainStatuses }).notNull().default("new"),
    verificationMessage: text("verification_message"),
    createdAt: integer("created_at").notNull(),
    httpFallback: integer("http_fallback", { mode: "boolean" }).notNull().default(false),
    cfHostnameId: text("cf_hostname_id"),
    cfRouteId: text("cf_route_id"),
    validationToken: text("validation_token"),
    validationUrl: text("validation_url"),
    originServer: text("origin_server"),
    originSni: text("origin_sni"),
    // Where the domain's root and unknown paths redirect: migrations/0019_links.sql.
    fallbackUrl: text("fallback_url"),
  },
  (t) => [
    index("custom_domains_user_created_idx").on(t.userId, t.createdAt),
    index("custom_domains_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("custom_domains_status_idx").on(t.status),
  ],
);

export const testStatuses = ["active", "paused", "completed"] as const;
export const splitTests = sqliteTable(
  "split_tests",
  {
    ...ownedRow(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    // 2–8 variants in label order (A first), as JSON: migrations/0006_variants.sql.
    variants: text("variants", { mode: "json" }).$type<VariantInput[]>().notNull(),
    conversionUrl: text("conversion_url"),
    createdAt: integer("created_at").notNull(),
    customDomainId: text("custom_domain_id").references(() => customDomains.id, { onDelete: "set null" }),
    customSlug: text("custom_slug"),
    status: text("status", { enum: testStatuses }).notNull().default("active"),
    winnerVariant: text("winner_variant", { enum: VARIANT_LABELS }),
    completedAt: integer("completed_at"),
    primaryMetric: text("primary_metric", { enum: PRIMARY_METRICS }).notNull().default("conversion_rate"),
    // ISO 4217; the owner's, set at creation or later until a valued conversion counts (0016_trust.sql).
    currency: text("currency"),
    // Start on a date, and where visitors go until then: migrations/0046_starts_at.sql.
    startsAt: integer("starts_at"),
    beforeUrl: text("before_url"),
    // The scheduled end and what the cron did: migrations/0009_autopilot.sql.
    endsAt: integer("ends_at"),
    endAfterVisitors: integer("end_after_visitors"),
    // 'url' and after_url, the campaign's after-page: migrations/0047_after_url.sql.
    onEnd: text("on_end", { enum: END_ACTIONS }).notNull().default("keep"),
    afterUrl: text("after_url"),
    stopEarly: integer("stop_early", { mode: "boolean" }).notNull().default(false),
    // No call before the current phase has run this many days: migrations/0043_minimum_days.sql.
    minimumDays: integer("minimum_days").notNull().default(0),
    // The planner's inputs at creation, or null: migrations/0044_test_plan.sql.
    plan: text("plan", { mode: "json" }).$type<SavedPlan>(),
    endedBy: text("ended_by", { enum: END_REASONS }),
    endResult: text("end_result", { enum: END_RESULTS }),
    verdictAlertedAt: integer("verdict_alerted_at"),
    srmAlertedAt: integer("srm_alerted_at"),
    autopilotCheckedAt: integer("autopilot_checked_at"),
    // Optimise mode: migrations/0013_optimise.sql.
    mode: text("mode", { enum: TEST_MODES }).notNull().default("experiment"),
    weightsUpdatedAt: integer("weights_updated_at"),
    // Audience rules: migrations/0014_audiences.sql.
    rules: text("rules", { mode: "json" }).$type<Rule[]>().notNull().default(sql`'[]'`),
    fallbackUrl: text("fallback_url"),
    // Trust: migrations/0016_trust.sql. The arms' secret (null for tests created before it).
    bucketSecret: text("bucket_secret"),
    conversionSources: text("conversion_sources", { enum: CONVERSION_SOURCES }).notNull().default("all"),
    // The goal: migrations/0017_site_tag.sql.
    conversionGoal: text("conversion_goal", { enum: CONVERSION_GOALS }).notNull().default("none"),
    conversionUrlMatch: text("conversion_url_match", { enum: URL_MATCHES }).notNull().default("equals"),
    // Set when the test is deleted: gone for everyone at once, purged by the archive cron (0012).
    deletedAt: integer("deleted_at"),
    // The current phase and when it started (null for phase 1): migrations/0018_phases.sql.
    phase: integer("phase").notNull().default(1),
    phaseStartedAt: integer("phase_started_at"),
    // The binding of the D1 database that holds its events, chosen at creation: DB for the tests made
    // before event shards (migrations/0030_event_shards.sql, worker/db/shards.ts).
    shard: text("shard").notNull().default("DB"),
    // Several metrics: migrations/0045_metrics.sql. The primary's name (null: its kind's label) and
    // named call; the secondary and guardrail metrics.
    primaryMetricName: text("primary_metric_name"),
    conversionEvent: text("conversion_event"),
    metrics: text("metrics", { mode: "json" }).$type<TestMetric[]>().notNull().default(sql`'[]'`),
    // A password on the link (auth/password.ts's hash), or null: migrations/0048_link_password.sql.
    passwordHash: text("password_hash"),
  },
  (t) => [
    uniqueIndex("split_tests_slug_idx").on(t.slug),
    index("split_tests_user_created_idx").on(t.userId, t.createdAt),
    index("split_tests_workspace_created_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("split_tests_domain_custom_slug_idx")
      .on(t.customDomainId, t.customSlug)
      .where(sql`custom_slug IS NOT NULL`),
    // A custom path on the default domain, /r/{path} (0019_links.sql).
    uniqueIndex("split_tests_default_custom_slug_idx")
      .on(t.customSlug)
      .where(sql`custom_domain_id IS NULL AND custom_slug IS NOT NULL`),
    index("split_tests_due_idx").on(t.endsAt).where(sql`ends_at IS NOT NULL AND completed_at IS NULL`),
    // The autopilot's scan of the open tests (0031_autopilot_scan.sql).
    index("split_tests_open_idx").on(t.id).where(sql`completed_at IS NULL`),
    index("split_tests_deleted_idx").on(t.deletedAt).where(sql`deleted_at IS NOT NULL`),
    index("split_tests_running_shard_idx")
      .on(t.shard)
      .where(sql`completed_at IS NULL AND deleted_at IS NULL`),
  ],
);

/** Each set of weights an optimised test has had, from the time it took effect (percent, label order). */
export const weightHistory = sqliteTable(
  "weight_history",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    since: integer("since").notNull(),
    weights: text("weights", { mode: "json" }).$type<number[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.since] })],
);

/** The phases of a test that ended, with their variants (migrations/0018_phases.sql). */
export const testPhases = sqliteTable(
  "test_phases",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    phase: integer("phase").notNull(),
    startedAt: integer("started_at").notNull(),
    endedAt: integer("ended_at").notNull(),
    variants: text("variants", { mode: "json" }).$type<VariantInput[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.splitTestId, t.phase] })],
);

/** The shard each live Idempotency-Key is held in (main database): migrations/0035_idempotency_key_shards.sql. */
export const idempotencyKeyShards = sqliteTable(
  "idempotency_key_shards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    shard: text("shard").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_key_shards_created_idx").on(t.createdAt),
  ],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    ...ownedRow(),
    workspaceId: workspaceColumn(),
    scope: text("scope", { enum: API_KEY_SCOPES }).notNull().default("write"),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_user_created_idx").on(t.userId, t.createdAt),
    index("api_keys_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** API keys SplitLink revoked (a password reset, a member's removal or demotion), for the keys card. */
export const apiKeyRevocations = sqliteTable(
  "api_key_revocations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    scope: text("scope", { enum: API_KEY_SCOPES }).notNull(),
    reason: text("reason", { enum: API_KEY_REVOCATION_REASONS }).notNull(),
    revokedAt: integer("revoked_at").notNull(),
  },
  (t) => [index("api_key_revocations_workspace_idx").on(t.workspaceId, t.revokedAt)],
);

export const webhookStatuses = ["active", "failing"] as const;

/** A URL the user's chosen events are delivered to, signed with the endpoint's secret. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    ...ownedRow(),
    workspaceId: workspaceColumn(),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<WebhookEventType[]>().notNull(),
    secret: text("secret").notNull(),
    status: text("status", { enum: webhookStatuses }).notNull().default("active"),
    createdAt: integer("created_at").notNull(),
    failingSince: integer("failing_since"),
    lastSuccessAt: integer("last_success_at"),
    // Set when its creator left or lost the role to set it up; an owner turns it back on (0038).
    disabledAt: integer("disabled_at"),
  },
  (t) => [
    index("webhook_endpoints_user_created_idx").on(t.userId, t.createdAt),
    index("webhook_endpoints_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** One delivery attempt; only the newest of each endpoint are kept (worker/webhooks/record.ts). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id)],
);

/** A workspace's Slack incoming webhook (migrations/0028_slack.sql); its URL is a secret. */
export const slackConnections = sqliteTable(
  "slack_connections",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    webhookUrl: text("webhook_url").notNull(),
    status: text("status", { enum: SLACK_STATUSES }).notNull().default("active"),
    connectedAt: integer("connected_at").notNull(),
    lastDeliveredAt: integer("last_delivered_at"),
    lastFailureAt: integer("last_failure_at"),
    lastFailure: text("last_failure"),
    // Set when its creator left or lost the role to set it up; an owner turns it back on (0038).
    disabledAt: integer("disabled_at"),
  },
  (t) => [uniqueIndex("slack_connections_workspace_idx").on(t.workspaceId)],
);

/** One message sent to Slack; only the newest of each connection are kept (worker/integrations/slack/deliver.ts). */
export const slackDeliveries = sqliteTable(
  "slack_deliveries",
  {
    id: integer("id").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => slackConnections.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    attempt: integer("attempt").notNull(),
    delivered: integer("delivered", { mode: "boolean" }).notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
  },
  (t) => [
    index("slack_deliveries_connection_idx").on(t.connectionId, t.id),
    index("slack_deliveries_event_idx").on(t.connectionId, t.eventId).where(sql`delivered = 1`),
  ],
);

/** KV keys to rewrite from D1: their update failed (KV down) after D1 changed. */
export const cacheRepairs = sqliteTable("cache_repairs", {
  key: text("key").primaryKey(),
  failedAt: integer("failed_at").notNull(),
});

export type User = typeof users.$inferSelect;
export type SlackConnectionRow = typeof slackConnections.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type SplitTest = typeof splitTests.$inferSelect;
export type CustomDomain = typeof customDomains.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Events the queue consumer could not take, kept with why until replayed (migrations/0012_archive.sql). */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    messageId: text("message_id").primaryKey(),
    reason: text("reason").notNull(),
    // The message body as it was sent, JSON.
    body: text("body").notNull(),
    deadLetteredAt: integer("dead_lettered_at").notNull(),
    replayRequestedAt: integer("replay_requested_at"),
  },
  (t) => [
    index("dead_letters_replay_idx").on(t.replayRequestedAt).where(sql`replay_requested_at IS NOT NULL`),
  ],
);

/** A test's read-only report link: migrations/0020_workspaces.sql. */
export const shareLinks = sqliteTable(
  "share_links",
  {
    splitTestId: text("split_test_id")
      .primaryKey()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("share_links_token_idx").on(t.token)],
);

/** A workspace's UTM template for the destinations' builder: migrations/0050_utm_templates.sql. */
export const utmTemplates = sqliteTable(
  "utm_templates",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    source: text("source").notNull().default(""),
    medium: text("medium").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    term: text("term").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("utm_templates_workspace_idx").on(t.workspaceId, t.name)],
);

export type Workspace = typeof workspaces.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type HistoryEvent = typeof historyEvents.$inferSelect;

/** A workspace's Stripe connection (migrations/0027_stripe.sql): the endpoint's token, kept for good. */
export const stripeConnections = sqliteTable(
  "stripe_connections",
  {
    workspaceId: text("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    signingSecret: text("signing_secret"),
    connectedAt: integer("connected_at"),
    lastEventAt: integer("last_event_at"),
    lastEventType: text("last_event_type"),
    lastEventOutcome: text("last_event_outcome"),
    // Who pasted the signing secret, and when it stopped counting because they left (0038).
    secretSetBy: text("secret_set_by").references(() => users.id, { onDelete: "set null" }),
    secretRetiredAt: integer("secret_retired_at"),
    // The retired secret's SHA-256 once disconnected, so it cannot be pasted back (0063).
    retiredSecretSha256: text("retired_secret_sha256"),
  },
  (t) => [uniqueIndex("stripe_connections_token_idx").on(t.token)],
);

/** The Stripe events a workspace received, by id: each counts once. */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.eventId] }),
    index("stripe_events_received_idx").on(t.receivedAt),
  ],
);

/** The Stripe payments in a conversion's value, with their refunds (minor units of ISO 4217). */
export const stripePayments = sqliteTable(
  "stripe_payments",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    paymentKey: text("payment_key").notNull(),
    sessionId: text("session_id").notNull(),
    conversionId: text("conversion_id"),
    paymentIntent: text("payment_intent"),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    refunded: integer("refunded").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    // The invoice it was paid by, if any: migrations/0034_stripe_invoice_payments.sql.
    invoice: text("invoice"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.paymentKey] }),
    index("stripe_payments_intent_idx").on(t.workspaceId, t.paymentIntent),
    index("stripe_payments_session_idx").on(t.workspaceId, t.sessionId),
    index("stripe_payments_conversion_idx").on(t.conversionId),
    index("stripe_payments_invoice_idx").on(t.workspaceId, t.invoice).where(sql`invoice IS NOT NULL`),
  ],
);

/** An invoice's payment intent, from Stripe's invoice_payment.paid (API versions from 2025-03-31). */
export const stripeInvoicePayments = sqliteTable(
  "stripe_invoice_payments",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    invoice: text("invoice").notNull(),
    paymentIntent: text("payment_intent").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.invoice] }),
    index("stripe_invoice_payments_received_idx").on(t.receivedAt),
  ],
);

/** The visitor session a Stripe subscription was started in. */
export const stripeSubscriptions = sqliteTable(
  "stripe_subscriptions",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id").notNull(),
    sessionId: text("session_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.subscriptionId] })],
);

/** A test's tags, lower-cased (migrations/0049_tags.sql). */
export const testTags = sqliteTable(
  "test_tags",
  {
    splitTestId: text("split_test_id")
      .notNull()
      .references(() => splitTests.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.splitTestId, t.tag] }),
    index("test_tags_workspace_tag_idx").on(t.workspaceId, t.tag),
  ],
);

/** A tag's colour in a workspace (migrations/0049_tags.sql). */
export const tagColours = sqliteTable(
  "tag_colours",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    colour: text("colour", { enum: TAG_COLOURS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.tag] })],
);
