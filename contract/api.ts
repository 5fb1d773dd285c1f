// Shapes exchanged between the Worker's JSON API and the SPA. Pure types: both sides import them.

import type { PrimaryMetric } from "./metrics";
import type { Rule } from "./rules";
import type { EndAction, EndReason, EndResult } from "./schedule";
import type { ConversionSources, RefusedConversionReason, UncountedVisitReason } from "./trust";
import type { TestMode, Variant } from "./variants";

export type { PrimaryMetric } from "./metrics";
export type { Variant } from "./variants";

/** Every machine-readable code an API error can carry: a closed set, so a misspelt one does not compile. */
export type ErrorCode =
  | "already_verified"
  | "api_key_invalid"
  | "api_key_missing"
  | "bad_request"
  | "cloudflare_error"
  | "cloudflare_unreachable"
  | "confirmation_mismatch"
  | "currency_locked"
  | "custom_slug_needs_domain"
  | "domain_not_usable"
  | "domain_taken"
  | "email_not_verified"
  | "hostname_not_found"
  | "idempotency_key_reused"
  | "internal_error"
  | "invalid_credentials"
  | "invalid_domain"
  | "invalid_input"
  | "invalid_link"
  | "invalid_password"
  | "invalid_refresh_token"
  | "invalid_session"
  | "mail_failed"
  | "mail_not_configured"
  | "misconfigured"
  | "no_session"
  | "not_found"
  | "outside_attribution_window"
  | "rate_limited"
  | "rules_locked"
  | "same_password"
  | "session_missing"
  | "slug_taken"
  | "test_completed"
  | "too_large"
  | "too_many_api_keys"
  | "too_many_webhooks"
  | "unknown_session"
  | "user_already_exists"
  | "variants_locked"
  | "weak_password";

/** Every API error answers with this body. `reasons` is set for a weak password. */
export interface ApiErrorBody {
  /** requestId is the X-Request-Id of the answer: quote it to find the request in the logs. */
  error: { code: ErrorCode; message: string; reasons?: string[]; requestId: string };
}

export interface User {
  id: string;
  email: string;
}

/** Answer of signup, login, refresh and me. Tokens travel only in HttpOnly cookies. */
export interface AuthResponse {
  user: User;
  /** Whether the user followed a verification (or reset) link sent to their email. */
  emailVerified: boolean;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

export interface Credentials {
  email: string;
  password: string;
}

export type Winner = Variant | "tie" | null;
export type TestStatus = "active" | "paused" | "completed";

/** One version of a test: where it sends visitors and its share of them (percent). */
export interface TestVariant {
  label: Variant;
  url: string;
  weight: number;
}

/** A variant as a caller sends it: its label is its position (the first is A, the control). */
export interface VariantInput {
  url: string;
  weight: number;
}

/** The specification's client shape of a split test, plus its variants, link and lifecycle. */
export interface SplitTest {
  id: string;
  userId: string;
  name: string;
  slug: string;
  /** The specification's fields: variants A and B's URLs. */
  urlA: string;
  urlB: string;
  /** 2 to 8 variants, A first; their weights add up to 100. */
  variants: TestVariant[];
  /** True once a click was counted: from then on only pause, resume, promote and delete change the test. */
  variantsLocked: boolean;
  conversionUrl: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  customDomainId: string | null;
  customSlug: string | null;
  status: TestStatus;
  winnerVariant: Variant | null;
  /** The shareable split link, absolute. */
  link: string;
  /** Experiment: the weights stay as set. Optimise: a bandit moves traffic to the better variants. */
  mode: TestMode;
  /** The scheduled end: a date and time (ISO 8601), and/or a number of visitors; null for none. */
  endsAt: string | null;
  endAfterVisitors: number | null;
  /** What happens at the end (and at an early stop). */
  onEnd: EndAction;
  /** Stop as soon as the always-valid verdict names a winner. */
  stopEarly: boolean;
  /** When the test completed (milliseconds since the epoch); null while it runs. */
  completedAt: number | null;
  /** Why a test ended on its own, and what its end did; null while it runs or after a manual promote. */
  endedBy: EndReason | null;
  endResult: EndResult | null;
  /** What decides the verdict, the winner badge and the confidence. */
  primaryMetric: PrimaryMetric;
  /** The ISO 4217 currency of the test's revenue: the owner's, set at creation; no conversion sets it. */
  currency: string | null;
  /** Which conversions count: the tag's and the server-side API's (all), or the server's alone. */
  conversionSources: ConversionSources;
  /** Audience rules, evaluated in order before the split; the first whose conditions all match decides. */
  rules: Rule[];
  /** Where visitors who match no rule go when a rule joins the experiment; null otherwise. */
  fallbackUrl: string | null;
}

/** One variant's counts on the dashboard; the rate is a percentage (conversions / clicks × 100). */
export interface ArmStats {
  label: Variant;
  clicks: number;
  /** Unique visitors (sessions, bots excluded). */
  visitors: number;
  conversions: number;
  conversionRate: number;
  /** Conversions that carried an amount. */
  orders: number;
  /** Revenue in the test's currency (major units, e.g. 49.99); 0 without valued conversions. */
  revenue: number;
  /** revenue / visitors; 0 without visitors. */
  revenuePerVisitor: number;
}

/**
 * The specification's stats per test (its A and B fields), and every variant's in `arms`; rates are
 * percentages (conversions / clicks × 100).
 */
export interface TestStats {
  clicksA: number;
  clicksB: number;
  conversionsA: number;
  conversionsB: number;
  conversionRateA: number;
  conversionRateB: number;
  /** The leader by the test's primary metric (the highest rate, or revenue per visitor), or tie; null while all are 0. */
  winner: Winner;
  /** Unique visitors (sessions, bots excluded). */
  visitorsA: number;
  visitorsB: number;
  /** The leader's chance to be the best variant by the primary metric (0–1); null without a leader. */
  confidence: number | null;
  /** Every variant, A first. */
  arms: ArmStats[];
}

export interface TestWithStats extends SplitTest {
  stats: TestStats;
}

/** A new test: `variants` (2–8), or the specification's `urlA` and `urlB` (then 50/50). */
export interface CreateTestInput {
  name: string;
  variants: VariantInput[];
  conversionUrl?: string | null;
  customDomainId?: string | null;
  customSlug?: string | null;
  mode?: TestMode;
  /** The scheduled end: a date and time (ISO 8601 with a time zone), and/or a number of visitors. */
  endsAt?: string | null;
  endAfterVisitors?: number | null;
  onEnd?: EndAction;
  stopEarly?: boolean;
  /** Default conversion_rate. */
  primaryMetric?: PrimaryMetric;
  /** ISO 4217; required when revenue decides. Valued conversions of a test without one count without their value. */
  currency?: string | null;
  rules?: Rule[];
  fallbackUrl?: string | null;
  /** Default all. */
  conversionSources?: ConversionSources;
}

/**
 * PATCH /api/tests/:id: new variants and weights (until the test's first counted click), new end
 * settings (while it runs) and/or new audience rules; what is left out stays as it is.
 */
export interface UpdateTestInput {
  variants?: VariantInput[];
  endsAt?: string | null;
  endAfterVisitors?: number | null;
  onEnd?: EndAction;
  stopEarly?: boolean;
  rules?: Rule[];
  fallbackUrl?: string | null;
  conversionSources?: ConversionSources;
  /** The owner's currency, until an order has counted in the test's currency. */
  currency?: string;
}

/** The alert emails a user gets; GET and PUT /api/account/alerts. */
export interface AlertPreferences {
  /** A test's verdict names a winner. */
  verdict: boolean;
  /** A test ended on its own (what it did and why). */
  completed: boolean;
  /** A test's visitor split does not match its weights (sample-ratio mismatch). */
  srm: boolean;
}

/** GET and PUT /api/account/alerts */
export interface AlertPreferencesResponse {
  alerts: AlertPreferences;
}

/** GET /api/tests */
export interface TestListResponse {
  tests: TestWithStats[];
}

/** POST /api/tests (201), GET /api/tests/:slug */
export interface TestResponse {
  test: TestWithStats;
}

export type SlugCheck = "available" | "taken" | "invalid" | "reserved";

/** GET /api/tests/slug-availability?slug=&domainId= */
export interface SlugAvailabilityResponse {
  available: boolean;
  status: SlugCheck;
}

/** A custom domain in the specification's client shape. */
export interface CustomDomain {
  id: string;
  domain: string;
  verified: boolean;
  status: "new" | "pending_validation" | "active" | "error";
  verificationMessage: string | null;
  validationToken: string | null;
  createdAt: number;
}

/** GET /api/domains */
export interface DomainListResponse {
  domains: CustomDomain[];
  /** The host custom domains point their CNAME record at. */
  fallbackOrigin: string;
}

/** POST /api/domains */
export interface AddDomainInput {
  domain: string;
}

/** POST /api/domains (201) */
export interface DomainResponse {
  domain: CustomDomain;
}

/** POST /api/domains/:id/verify: the specification's domain-check result, plus the domain as it now stands. */
export interface VerifyDomainResponse {
  verified: boolean;
  message: string;
  domain: CustomDomain;
}

export interface Interval {
  lower: number;
  upper: number;
}

export type RateInterval = Interval;

/**
 * A variant against A: `difference` (this variant's figure − A's) with its always-valid 95 % interval
 * (`lower`, `upper`; Bonferroni over the comparisons with A), which drives the verdict; for experts, a
 * one-look p-value and the same Holm-corrected.
 */
export interface ComparisonWithControl {
  difference: number;
  lower: number;
  upper: number;
  pValue: number;
  adjustedPValue: number;
}

/**
 * One variant's revenue, in the test's currency (major units). A visitor's revenue is their order's
 * amount, or 0 (one order per visitor and test). Intervals are 95 % (normal approximation).
 */
export interface RevenueAnalytics {
  /** Conversions that carried an amount. */
  orders: number;
  total: number;
  perVisitor: number;
  /** null below two visitors. */
  perVisitorInterval: Interval | null;
  /** total / orders; null without orders. */
  averageOrderValue: number | null;
  /** null below two orders. */
  averageOrderValueInterval: Interval | null;
  /** The chance that this variant earns the most per visitor (normal approximation). */
  chanceToBeBest: number;
  /**
   * Against A (null for A, and while either has no visitors or no spread): the difference of revenue
   * per visitor with its always-valid 95 % interval (Bonferroni over the comparisons with A), which
   * drives a revenue test's verdict; for experts, Welch's t-test p-value (one look) and the same
   * Holm-corrected.
   */
  vsControl: ComparisonWithControl | null;
}

/** One variant's numbers; rate and interval are fractions (0–1), visitors are unique sessions without bots. */
export interface VariantAnalytics {
  label: Variant;
  /** Its configured share of visitors, percent. */
  weight: number;
  clicks: number;
  visitors: number;
  conversions: number;
  rate: number;
  interval: RateInterval;
  /** The chance that this variant converts best of all (Beta posteriors). */
  chanceToBeBest: number;
  /**
   * Against A (null for A itself). `difference` (this rate − A's) with its always-valid 95 % interval
   * (`lower`, `upper`; Bonferroni over the comparisons with A): it stays valid however often the
   * results are looked at, and drives the verdict. For experts: the two-sided z-test's p-value (valid
   * for one look only) and the same Holm-corrected.
   */
  vsControl: ComparisonWithControl | null;
  revenue: RevenueAnalytics;
}

export type VerdictStatus = `${Variant} wins` | "no clear difference" | "keep collecting";

export interface SeriesPoint {
  /** Start of the hour or UTC day, in milliseconds since the epoch. */
  time: number;
  /** Per variant, in label order (A first). */
  visitors: number[];
  conversions: number[];
  /** An optimised test's traffic share per variant (percent) in the middle of the period. */
  weights?: number[];
}

/** GET /api/tests/:slug/analytics */
export interface TestAnalytics {
  /** The metric the verdict follows. */
  primaryMetric: PrimaryMetric;
  /** The currency of the revenue figures; null until the test has one. */
  currency: string | null;
  /** Every variant, A first. */
  arms: VariantAnalytics[];
  /** Sample-ratio mismatch of the visitor split against the weights; `srm` is true below 0.001. */
  srmPValue: number;
  srm: boolean;
  verdict: {
    status: VerdictStatus;
    winner: Variant | null;
    /** While collecting: visitors each variant still needs (80 % power at the observed effect), null if unknown. */
    additionalVisitorsPerArm: number | null;
  };
  /** Hourly for a test's first 48 hours, daily after. */
  series: { granularity: "hour" | "day"; points: SeriesPoint[] };
  /**
   * An optimised test's weights over time (each set with when it took effect, ms; percent in label
   * order); its rates, intervals and verdict are then reweighted by period. Null for an experiment.
   */
  weightHistory: { since: number; weights: number[] }[] | null;
  /**
   * The visits the audience rules sent to a fixed URL, never counted in a variant: per rule (its
   * position when the visit came, 0 first; null for the fallback URL) and URL.
   */
  ruleVisits: RuleVisits[];
  /** What reached the test and was not counted (or counted without its value), and why. */
  trafficQuality: TrafficQuality;
}

/**
 * Visits that count in no arm (bots and link previews, bursts from one address, a paused or completed
 * test, sent by a rule) and conversions refused or counted without their value, by reason; only
 * reasons that happened, most first.
 */
export interface TrafficQuality {
  visits: { reason: UncountedVisitReason; events: number }[];
  conversions: { reason: RefusedConversionReason; events: number }[];
}

/** GET /api/v1/tests/{id}/traffic-quality. */
export interface TrafficQualityResponse {
  trafficQuality: TrafficQuality;
}

export interface RuleVisits {
  rule: number | null;
  url: string;
  visits: number;
}

export interface TestAnalyticsResponse {
  analytics: TestAnalytics;
}

/** POST /api/v1/conversions: a conversion reported by the marketer's server. */
export interface RecordConversionInput {
  testId: string;
  /** The sessionId the split link added to the destination URL. */
  sessionId: string;
  /** Major units, e.g. 49.99; with `currency`. */
  amount?: number;
  currency?: string;
}

/** A recorded conversion: the variant is the one of the session's click. */
export interface Conversion {
  id: string;
  testId: string;
  sessionId: string;
  variant: Variant;
  /** Major units; null for a conversion without a value. */
  amount: number | null;
  currency: string | null;
  /** Milliseconds since the epoch. */
  recordedAt: number;
}

/**
 * A conversion accepted before its session's click was recorded: it counts, under that click's variant
 * and with this id, once the click lands.
 */
export interface PendingConversion {
  id: string;
  testId: string;
  sessionId: string;
  /** Not known before the click. */
  variant: null;
  amount: number | null;
  currency: string | null;
  recordedAt: number;
}

/**
 * POST /api/v1/conversions: 201 with `counted: true` when this request recorded it, 200 with the
 * session's earlier conversion and `counted: false` when it already had one (one per test and session).
 */
export interface ConversionResponse {
  conversion: Conversion;
  counted: boolean;
  pending: false;
}

/** POST /api/v1/conversions: 202 while the conversion waits for its session's click. */
export interface PendingConversionResponse {
  conversion: PendingConversion;
  counted: false;
  pending: true;
}

/** One variant's numbers in one segment; rate and interval as in the totals (fractions, 95 % Wilson). */
export interface SegmentArm {
  label: Variant;
  visitors: number;
  conversions: number;
  rate: number;
  interval: RateInterval;
}

/**
 * One segment of a breakdown: a value (`known`), the visitors nothing is known of (`unknown`: no
 * country, no referrer, counted before breakdowns existed…), or the rest beyond the top ones (`other`).
 */
export interface Segment {
  value: string;
  kind: "known" | "unknown" | "other";
  arms: SegmentArm[];
}

/** Each variant per device type, operating system, top countries and top referrer hosts, by visitors. */
export interface TestBreakdowns {
  device: Segment[];
  os: Segment[];
  country: Segment[];
  referrer: Segment[];
}

/** GET /api/tests/:slug/breakdowns, GET /api/v1/tests/{id}/breakdowns */
export interface TestBreakdownsResponse {
  breakdowns: TestBreakdowns;
}

/** POST /api/account/password */
export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/account/reset-password */
export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** DELETE /api/account: the account's email, typed again to confirm. */
export interface DeleteAccountInput {
  email: string;
}

/** Answers of account actions that change no session: a message to show. */
export interface AccountMessageResponse {
  message: string;
}

/** An API key as listed: never the key itself, only its recognisable start. */
export interface ApiKey {
  id: string;
  name: string;
  /** The key's first characters, e.g. `sl_live_AbCd`. */
  prefix: string;
  createdAt: number;
  /** Updated at most once a minute; null until first used. */
  lastUsedAt: number | null;
}

/** GET /api/keys */
export interface ApiKeyListResponse {
  keys: ApiKey[];
}

/** POST /api/keys */
export interface CreateApiKeyInput {
  name: string;
}

/** POST /api/keys (201): the only answer that ever carries the full key. */
export interface CreatedApiKeyResponse {
  apiKey: ApiKey;
  key: string;
}

/** The events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "test.verdict",
  "test.completed",
  "test.srm_detected",
  "conversion.recorded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" delivers: not subscribable, it goes only to the endpoint being tried. */
export const WEBHOOK_PING_TYPE = "webhook.ping";

/**
 * The wait before each retry of a webhook delivery, in seconds; none above the 12 hours Queues can delay
 * a message. After the last retry the delivery is given up and the endpoint marked failing;
 * wrangler.toml's max_retries is above their number, so the runtime never drops a message before this
 * schedule does. The one list: the consumer (`worker/webhooks/consumer.ts`) follows it, and the texts
 * (`WEBHOOK_MESSAGES`, the OpenAPI document) and docs/webhooks.md, "Retries", state it.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1_800, 7_200, 18_000, 36_000, 43_200] as const;
/** The first try and every retry. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/**
 * The JSON body of every webhook delivery, signed in the `SplitLink-Signature` header. Every retry
 * sends the same id and body; `createdAt` is ISO 8601.
 */
export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING_TYPE;
  createdAt: string;
  data: Data;
}

/** `failing`: a delivery gave up after its last retry; the next successful one makes it `active` again. */
export type WebhookStatus = "active" | "failing";

/** A webhook endpoint as listed: never its secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  status: WebhookStatus;
  createdAt: number;
  /** Since when deliveries fail (set when one gave up), null while active. */
  failingSince: number | null;
  /** The last 2xx answer, null before the first. */
  lastSuccessAt: number | null;
}

/** GET /api/webhooks, GET /api/v1/webhooks */
export interface WebhookListResponse {
  webhooks: WebhookEndpoint[];
}

/** POST /api/webhooks, POST /api/v1/webhooks */
export interface CreateWebhookInput {
  url: string;
  events: WebhookEventType[];
}

/** POST /api/webhooks (201): the only answer that ever carries the endpoint's signing secret. */
export interface CreatedWebhookResponse {
  webhook: WebhookEndpoint;
  secret: string;
}

/** One delivery attempt: the answer's status code, or why there was none. */
export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: string;
  /** 1 for the first try, then each retry. */
  attempt: number;
  /** True for a 2xx answer. */
  delivered: boolean;
  statusCode: number | null;
  /** A timeout, a network error or a refused address; null when an answer came. */
  error: string | null;
  durationMs: number;
  attemptedAt: number;
}

/** GET /api/webhooks/:id/deliveries: the newest attempts first. */
export interface WebhookDeliveryListResponse {
  deliveries: WebhookDelivery[];
}

/** POST /api/webhooks/:id/test: the attempt it made. */
export interface WebhookTestResponse {
  delivery: WebhookDelivery;
}

/** `GET /api/health`: each check is "ok" or "failed"; the status is "ok" only when all are. */
export interface HealthResponse {
  status: "ok" | "failed";
  checks: { d1: "ok" | "failed"; kv: "ok" | "failed" };
}
