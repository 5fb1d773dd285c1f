import { log } from "./observability/log";

// Plain checks, not zod: this runs before every first answer of an isolate, redirects included, and
// loading zod (zod/mini too) and building its schemas was nearly all of the Worker's startup CPU
// (docs/architecture.md, "Loading on demand"). The rules are few and fixed; each problem is one
// plain sentence naming the var, never its value.

export type ConfigResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** One var's check: the value to use, or the problem with it. */
type Check = (value: unknown, name: string) => { value: unknown } | { problem: string };

/** Text of at least `minLength` characters. */
const text =
  (minLength = 1): Check =>
  (value, name) => {
    if (value === undefined || value === "") return { problem: `${name} is not set` };
    if (typeof value !== "string") return { problem: `${name} must be text` };
    if (value.length < minLength) return { problem: `${name} must be at least ${minLength} characters` };
    return { value };
  };

/** Unset gives `fallback`; set, any text (empty too). */
const optionalText =
  (fallback?: string): Check =>
  (value, name) => {
    if (value === undefined) return { value: fallback };
    return typeof value === "string" ? { value } : { problem: `${name} must be text` };
  };

/** Unset is fine; set, it must pass `check`. */
const optional =
  (check: Check): Check =>
  (value, name) =>
    value === undefined ? { value } : check(value, name);

/** An absolute http(s) URL, without the spaces around it. */
const httpUrl: Check = (value, name) => {
  const url = typeof value === "string" ? value.trim() : "";
  return /^https?:\/\//i.test(url) && URL.canParse(url)
    ? { value: url }
    : { problem: `${name} must be an http(s) URL` };
};

/** A whole number from `least` to `most` (of `unit`): a number in wrangler.toml, text when set with --var or in the dashboard. */
const wholeNumber =
  (fallback: number, least: number, most: number, unit = ""): Check =>
  (value, name) => {
    if (value === undefined) return { value: fallback };
    const count = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof count === "number" && Number.isInteger(count) && count >= least && count <= most
      ? { value: count }
      : { problem: `${name} must be a whole number${unit} from ${least} to ${most}` };
  };

/** Whole days from 1 to 365. */
const days = (fallback: number): Check => wholeNumber(fallback, 1, 365, " of days");

/** Seconds from 0 to `most`, fractions allowed; unset, `fallback`. */
const seconds =
  (fallback: number, most: number): Check =>
  (value, name) => {
    if (value === undefined) return { value: fallback };
    const count = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof count === "number" && Number.isFinite(count) && count >= 0 && count <= most
      ? { value: count }
      : { problem: `${name} must be a number of seconds from 0 to ${most}` };
  };

const ENVIRONMENTS = ["development", "staging", "production"];

const VARS: Record<string, Check> = {
  // Unset means deployed without the wrangler.toml vars: check everything, as in production.
  ENVIRONMENT: (value) =>
    value === undefined || ENVIRONMENTS.includes(value as string)
      ? { value: value ?? "production" }
      : { problem: "ENVIRONMENT must be development, staging or production" },
  APP_HOST: text(),
  FALLBACK_ORIGIN: text(),
  CF_API_BASE_URL: httpUrl,
  CF_ZONE_ID: optionalText(""),
  MAIL_API_BASE_URL: httpUrl,
  SLACK_WEBHOOK_ORIGIN: httpUrl,
  MAIL_FROM: text(),
  // Days a conversion may come after its click (docs/operations.md, "Attribution window and archive"); unset, the
  // conversion cookie's 30.
  ATTRIBUTION_WINDOW_DAYS: days(30),
  // How long a shard's writer holds the redirect's clicks to write them together (worker/queue/shard-writer.ts);
  // the redirect's background work may last 30 s in all.
  CLICK_HOLD_SECONDS: seconds(20, 20),
  // How many shards one writer object writes (worker/db/shards.ts, writerName); raise it only once the
  // version with the writers' fence runs everywhere (docs/operations.md, "Writers for several shards").
  SHARDS_PER_WRITER: wholeNumber(1, 1, 64),
  // When a change's second purge of the link cache runs (worker/link-cache/purges.ts): after KV's copy at
  // a location, kept 30 s, can no longer be older than the change.
  LINK_PURGE_AGAIN_SECONDS: seconds(40, 600),
  // Optional: unset or empty, a local stand-in verifies custom domains.
  CF_API_TOKEN: (value, name) => (value === "" ? { value: undefined } : optionalText()(value, name)),
};

const DEPLOYED_SECRETS: Record<string, Check> = {
  JWT_SECRET: text(32),
  // The mailer's API key (password reset and the like).
  MAIL_API_KEY: text(),
};

const LOCAL_SECRETS: Record<string, Check> = {
  JWT_SECRET: optional(text(32)),
  MAIL_API_KEY: optionalText(),
};

/** The checked values of `checks`' vars, adding what is wrong with them to `problems`. */
function checkAll(raw: Record<string, unknown>, checks: Record<string, Check>, problems: string[]) {
  const values: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(checks)) {
    const result = check(raw[name], name);
    if ("problem" in result) problems.push(result.problem);
    else values[name] = result.value;
  }
  return values;
}

/**
 * EVENT_SHARDS, the shards new tests go to (worker/db/shards.ts): unset or empty, every EVENTS_<n> bound;
 * set, comma-separated names EVENTS_<n> (or DB: the main database takes new tests' events too), each
 * bound to a D1 database.
 */
function eventShardProblems(raw: Record<string, unknown>): string[] {
  const value = raw.EVENT_SHARDS;
  if (value === undefined) return [];
  if (typeof value !== "string") return ["EVENT_SHARDS must be text"];
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return names.flatMap((name) => {
    if (name !== "DB" && !/^EVENTS_\d+$/.test(name))
      return [`EVENT_SHARDS must list bindings named EVENTS_<n> or DB, not ${name}`];
    // `in`, not a read: the check touches no binding (the redirect's tests count every D1 access).
    const bound = raw[name];
    return typeof bound === "object" && bound !== null && "prepare" in bound
      ? []
      : [`EVENT_SHARDS names ${name}, which is not a bound D1 database`];
  });
}

// A local run without .dev.vars still works: tokens signed with a secret nobody else knows, valid
// until the isolate restarts. Never used outside development.
// (Made on first use: workerd allows no random values at global scope.)
let localJwtSecret: string | undefined;
const localSecret = () => {
  localJwtSecret ??= crypto.randomUUID() + crypto.randomUUID();
  return localJwtSecret;
};

/**
 * Validates the Worker's vars and secrets. Outside development every secret is required; in
 * development a missing one gets a safe default. Values are never part of the problems reported.
 */
export function checkConfig(env: Env): ConfigResult {
  const raw = env as unknown as Record<string, unknown>;
  const problems: string[] = [];
  const vars = checkAll(raw, VARS, problems);
  if (problems.length > 0) return { ok: false, problems };
  if (vars.CF_API_TOKEN && !vars.CF_ZONE_ID) problems.push("CF_ZONE_ID must be set when CF_API_TOKEN is");
  problems.push(...eventShardProblems(raw));

  const local = vars.ENVIRONMENT === "development";
  // The outbox page lists emails with their sign-in links: a deployment must never turn it on.
  if (!local && raw.DEV_OUTBOX) problems.push("DEV_OUTBOX must not be set outside development");
  // Alerts' and digests' links would point at it (lib/links.ts ownOrigin): a deployment's are its own host.
  if (!local && raw.LOCAL_ORIGIN) problems.push("LOCAL_ORIGIN must not be set outside development");
  const secrets = checkAll(raw, local ? LOCAL_SECRETS : DEPLOYED_SECRETS, problems);
  if (problems.length > 0) return { ok: false, problems };

  return {
    ok: true,
    env: { ...env, ...vars, JWT_SECRET: (secrets.JWT_SECRET as string | undefined) ?? localSecret() },
  };
}

// Parsed once per isolate and env object: the bindings do not change while an isolate lives.
const checked = new WeakMap<Env, ConfigResult>();

/** The checked configuration, logging one clear line the first time it is found wanting. */
export function configured(env: Env): ConfigResult {
  let result = checked.get(env);
  if (!result) {
    result = checkConfig(env);
    checked.set(env, result);
    if (!result.ok) log("error", "misconfigured", { problems: result.problems });
  }
  return result;
}
