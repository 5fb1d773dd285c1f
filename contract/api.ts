// Shapes exchanged between the Worker's JSON API and the SPA. Pure types: both sides import them.

import type { EndAction, EndReason, EndResult } from "./schedule";
import type { Variant } from "./variants";

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
  | "custom_slug_needs_domain"
  | "domain_not_usable"
  | "domain_taken"
  | "email_not_verified"
  | "hostname_not_found"
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
  | "rate_limited"
  | "same_password"
  | "session_missing"
  | "slug_taken"
  | "test_completed"
  | "too_large"
  | "too_many_api_keys"
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
}

/** One variant's counts on the dashboard; the rate is a percentage (conversions / clicks × 100). */
export interface ArmStats {
  label: Variant;
  clicks: number;
  /** Unique visitors (sessions, bots excluded). */
  visitors: number;
  conversions: number;
  conversionRate: number;
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
  winner: Winner;
  /** Unique visitors (sessions, bots excluded). */
  visitorsA: number;
  visitorsB: number;
  /** The leader's chance to be the best variant (0–1); null without a leader. */
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
  /** The scheduled end: a date and time (ISO 8601 with a time zone), and/or a number of visitors. */
  endsAt?: string | null;
  endAfterVisitors?: number | null;
  onEnd?: EndAction;
  stopEarly?: boolean;
}

/**
 * PATCH /api/tests/:id: new variants and weights (until the test's first counted click) and/or new end
 * settings (while it runs); what is left out stays as it is.
 */
export interface UpdateTestInput {
  variants?: VariantInput[];
  endsAt?: string | null;
  endAfterVisitors?: number | null;
  onEnd?: EndAction;
  stopEarly?: boolean;
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

export interface RateInterval {
  lower: number;
  upper: number;
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
  vsControl: {
    difference: number;
    lower: number;
    upper: number;
    pValue: number;
    adjustedPValue: number;
  } | null;
}

export type VerdictStatus = `${Variant} wins` | "no clear difference" | "keep collecting";

export interface SeriesPoint {
  /** Start of the hour or UTC day, in milliseconds since the epoch. */
  time: number;
  /** Per variant, in label order (A first). */
  visitors: number[];
  conversions: number[];
}

/** GET /api/tests/:slug/analytics */
export interface TestAnalytics {
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
}

export interface TestAnalyticsResponse {
  analytics: TestAnalytics;
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

/** `GET /api/health`: each check is "ok" or "failed"; the status is "ok" only when all are. */
export interface HealthResponse {
  status: "ok" | "failed";
  checks: { d1: "ok" | "failed"; kv: "ok" | "failed" };
}
