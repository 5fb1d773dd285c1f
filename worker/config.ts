// zod/mini, not zod: this check runs before every first answer of an isolate, redirects included,
// and zod/mini builds a fraction of zod's classes at load (docs/architecture.md, "Loading on demand").
import * as z from "zod/mini";
import { log } from "./observability/log";

const secret = (name: string, minLength: number) =>
  z
    .string({ error: `${name} is not set` })
    .check(z.minLength(minLength, `${name} must be at least ${minLength} characters`));
const nonEmpty = (message: string) => z.string().check(z.minLength(1, message));

const WINDOW_DAYS_PROBLEM = "ATTRIBUTION_WINDOW_DAYS must be a whole number of days from 1 to 365";

const varsSchema = z.object({
  // Unset means deployed without the wrangler.toml vars: check everything, as in production.
  ENVIRONMENT: z._default(
    z.enum(["development", "staging", "production"], {
      error: "ENVIRONMENT must be development, staging or production",
    }),
    "production",
  ),
  APP_HOST: nonEmpty("APP_HOST is not set"),
  FALLBACK_ORIGIN: nonEmpty("FALLBACK_ORIGIN is not set"),
  CF_API_BASE_URL: z.url({ protocol: /^https?$/, error: "CF_API_BASE_URL must be an http(s) URL" }),
  CF_ZONE_ID: z._default(z.string(), ""),
  MAIL_API_BASE_URL: z.url({ protocol: /^https?$/, error: "MAIL_API_BASE_URL must be an http(s) URL" }),
  MAIL_FROM: nonEmpty("MAIL_FROM is not set"),
  // Days a conversion may come after its click (README, "Attribution window and archive"). A number
  // in wrangler.toml, text when set with --var or in the dashboard; unset means the cookie's 30.
  ATTRIBUTION_WINDOW_DAYS: z._default(
    z.coerce
      .number({ error: WINDOW_DAYS_PROBLEM })
      .check(z.refine((days) => Number.isInteger(days) && days >= 1 && days <= 365, WINDOW_DAYS_PROBLEM)),
    30,
  ),
  // Optional: unset or empty, a local stand-in verifies custom domains.
  CF_API_TOKEN: z.pipe(
    z.optional(z.string()),
    z.transform((token) => token || undefined),
  ),
});

const deployedSecretsSchema = z.object({
  JWT_SECRET: secret("JWT_SECRET", 32),
  // The mailer's API key (password reset and the like).
  MAIL_API_KEY: secret("MAIL_API_KEY", 1),
});

const localSecretsSchema = z.object({
  JWT_SECRET: z.optional(secret("JWT_SECRET", 32)),
  MAIL_API_KEY: z.optional(z.string()),
});

export type ConfigResult = { ok: true; env: Env } | { ok: false; problems: string[] };

// A local run without .dev.vars still works: tokens signed with a secret nobody else knows, valid
// until the isolate restarts. Never used outside development.
// (Made on first use: workerd allows no random values at global scope.)
let localJwtSecret: string | undefined;
const localSecret = () => {
  localJwtSecret ??= crypto.randomUUID() + crypto.randomUUID();
  return localJwtSecret;
};

function problemsOf(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => issue.message);
}

/**
 * Validates the Worker's vars and secrets. Outside development every secret is required; in
 * development a missing one gets a safe default. Values are never part of the problems reported.
 */
export function checkConfig(env: Env): ConfigResult {
  const raw = env as unknown as Record<string, unknown>;
  const vars = varsSchema.safeParse(raw);
  if (!vars.success) return { ok: false, problems: problemsOf(vars.error) };
  const problems: string[] = [];
  if (vars.data.CF_API_TOKEN && !vars.data.CF_ZONE_ID)
    problems.push("CF_ZONE_ID must be set when CF_API_TOKEN is");

  const local = vars.data.ENVIRONMENT === "development";
  // The outbox page lists emails with their sign-in links: a deployment must never turn it on.
  if (!local && raw.DEV_OUTBOX) problems.push("DEV_OUTBOX must not be set outside development");
  const secrets = (local ? localSecretsSchema : deployedSecretsSchema).safeParse(raw);
  if (!secrets.success) problems.push(...problemsOf(secrets.error));
  if (problems.length > 0 || !secrets.success) return { ok: false, problems };

  return {
    ok: true,
    env: { ...env, ...vars.data, JWT_SECRET: secrets.data.JWT_SECRET ?? localSecret() },
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
