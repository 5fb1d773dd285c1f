import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GENERIC_MESSAGES } from "../../contract/messages";
import { checkConfig } from "../../worker/config";
import { CRONS } from "../../worker/crons";
import wranglerToml from "../../wrangler.toml?raw";
import { fetchWorker, GOOD_PASSWORD, loggedEvents, ORIGIN, uniqueEmail } from "./helpers";

const SECRETS = {
  JWT_SECRET: "a-production-secret-that-is-long-enough-0123456789",
  MAIL_API_KEY: "mail-key",
};

/** The Worker's bindings as a deployment would have them, with some changed. */
function deployed(changes: Record<string, unknown> = {}): Env {
  return { ...env, ENVIRONMENT: "production", ...SECRETS, ...changes } as Env;
}

const call = (bindings: Env, path: string, init: RequestInit = {}) => fetchWorker(path, init, { bindings });

/** One variable's value as the check takes it, or the problems it finds with it. */
function checkedVariable(
  name: "ATTRIBUTION_WINDOW_DAYS" | "CLICK_HOLD_SECONDS" | "SHARDS_PER_WRITER",
  value: unknown,
) {
  const checked = checkConfig(deployed({ [name]: value }));
  return checked.ok ? checked.env[name] : checked.problems;
}

describe("configuration checked at start", () => {
  // The misconfiguration is logged with console.error, which setup.ts otherwise treats as a failure.
  const consoleError = vi.spyOn(console, "error");
  afterEach(() => consoleError.mockClear());

  it("serves a complete production configuration", async () => {
    const response = await call(deployed(), "/api/health");
    expect(response.status).toBe(200);
  });

  it("answers 500 in the API's error shape when a production secret is missing, naming no value", async () => {
    const response = await call(deployed({ JWT_SECRET: undefined }), "/api/tests");
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    expect(await response.json()).toEqual({
      error: { code: "misconfigured", message: GENERIC_MESSAGES.misconfigured, requestId },
    });
  });

  it("answers a page saying the service is misconfigured to a navigation, without a stack trace", async () => {
    const response = await call(deployed({ JWT_SECRET: "too-short" }), "/dashboard", {
      headers: { accept: "text/html" },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(GENERIC_MESSAGES.misconfigured);
    expect(html).not.toMatch(/at .*\.(ts|js):\d+|Error:|too-short/);
  });

  it("answers every request the same way (no crash loop) and logs one clear line per isolate", async () => {
    const broken = deployed({ MAIL_API_KEY: undefined, JWT_SECRET: "too-short" });
    const statuses = [];
    for (const path of ["/", "/api/auth/me", "/r/some-slug"])
      statuses.push((await call(broken, path)).status);
    expect(statuses).toEqual([500, 500, 500]);
    const lines = loggedEvents(consoleError).filter((line) => line.event === "misconfigured");
    expect(lines).toEqual([
      {
        level: "error",
        event: "misconfigured",
        problems: ["JWT_SECRET must be at least 32 characters", "MAIL_API_KEY is not set"],
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain("too-short");
  });

  it("rejects invalid vars, and a Cloudflare token without its zone", () => {
    expect(checkConfig(deployed({ CF_API_BASE_URL: "not a url" }))).toMatchObject({
      ok: false,
      problems: ["CF_API_BASE_URL must be an http(s) URL"],
    });
    expect(checkConfig(deployed({ CF_API_TOKEN: "token", CF_ZONE_ID: "" }))).toMatchObject({
      ok: false,
      problems: ["CF_ZONE_ID must be set when CF_API_TOKEN is"],
    });
    expect(checkConfig(deployed({ ENVIRONMENT: "prod" })).ok).toBe(false);
  });

  it("refuses a local server's origin for the alerts' links outside development", () => {
    expect(checkConfig(deployed({ LOCAL_ORIGIN: "http://localhost:8787" }))).toMatchObject({
      ok: false,
      problems: ["LOCAL_ORIGIN must not be set outside development"],
    });
    expect(checkConfig({ ...env, LOCAL_ORIGIN: "http://localhost:8787" } as Env).ok).toBe(true);
  });

  it("takes EVENT_SHARDS as bound EVENTS_<n> databases (or DB), and refuses a name that is not one", () => {
    expect(checkConfig(deployed({ EVENT_SHARDS: "EVENTS_0, EVENTS_1" })).ok).toBe(true);
    expect(checkConfig(deployed({ EVENT_SHARDS: "DB" })).ok).toBe(true);
    expect(checkConfig(deployed({ EVENT_SHARDS: "EVENTS_0,EVENTS_7" }))).toMatchObject({
      ok: false,
      problems: ["EVENT_SHARDS names EVENTS_7, which is not a bound D1 database"],
    });
    expect(checkConfig(deployed({ EVENT_SHARDS: "LINKS" }))).toMatchObject({
      ok: false,
      problems: ["EVENT_SHARDS must list bindings named EVENTS_<n> or DB, not LINKS"],
    });
  });

  it("names every var that is wrong in one plain sentence, never its value", () => {
    const checked = checkConfig(
      deployed({
        ENVIRONMENT: "prod",
        APP_HOST: undefined,
        FALLBACK_ORIGIN: "",
        CF_API_BASE_URL: "ftp://api.example.com",
        CF_ZONE_ID: 42,
        MAIL_API_BASE_URL: "https:/api.example.com",
        MAIL_FROM: 7,
      }),
    );
    expect(checked).toEqual({
      ok: false,
      problems: [
        "ENVIRONMENT must be development, staging or production",
        "APP_HOST is not set",
        "FALLBACK_ORIGIN is not set",
        "CF_API_BASE_URL must be an http(s) URL",
        "CF_ZONE_ID must be text",
        "MAIL_API_BASE_URL must be an http(s) URL",
        "MAIL_FROM must be text",
      ],
    });
  });

  it("trims the API URLs, defaults the zone to empty, and treats an empty token as none", () => {
    const checked = checkConfig(
      deployed({ CF_API_BASE_URL: " https://api.example.com/v4\n", CF_ZONE_ID: undefined, CF_API_TOKEN: "" }),
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.env).toMatchObject({ CF_API_BASE_URL: "https://api.example.com/v4", CF_ZONE_ID: "" });
    expect((checked.env as { CF_API_TOKEN?: string }).CF_API_TOKEN).toBeUndefined();
  });

  it("checks everything when ENVIRONMENT is missing, as for production", () => {
    expect(checkConfig(deployed({ ENVIRONMENT: undefined })).ok).toBe(true);
    expect(checkConfig(deployed({ ENVIRONMENT: undefined, JWT_SECRET: undefined })).ok).toBe(false);
  });

  it("takes ATTRIBUTION_WINDOW_DAYS as whole days from 1 to 365, as a number or as text, 30 when unset", () => {
    const windowOf = (value: unknown) => checkedVariable("ATTRIBUTION_WINDOW_DAYS", value);
    expect(windowOf(undefined)).toBe(30);
    expect(windowOf(7)).toBe(7);
    expect(windowOf("90")).toBe(90);
    const problem = ["ATTRIBUTION_WINDOW_DAYS must be a whole number of days from 1 to 365"];
    for (const wrong of [0, 366, 1.5, "", "a month"]) expect(windowOf(wrong), String(wrong)).toEqual(problem);
  });

  it("takes CLICK_HOLD_SECONDS as seconds from 0 to 20, as a number or as text, 20 when unset", () => {
    const holdOf = (value: unknown) => checkedVariable("CLICK_HOLD_SECONDS", value);
    expect(holdOf(undefined)).toBe(20);
    expect(holdOf(0)).toBe(0);
    expect(holdOf("2.5")).toBe(2.5);
    // Past 20 s the redirect's background work (30 s at most) could end before the writer answers.
    const problem = ["CLICK_HOLD_SECONDS must be a number of seconds from 0 to 20"];
    for (const wrong of [-1, 21, "", "soon"]) expect(holdOf(wrong), String(wrong)).toEqual(problem);
  });

  it("takes SHARDS_PER_WRITER as a whole number from 1 to 64, as a number or as text, 1 when unset", () => {
    const sharedBy = (value: unknown) => checkedVariable("SHARDS_PER_WRITER", value);
    expect(sharedBy(undefined)).toBe(1);
    expect(sharedBy(2)).toBe(2);
    expect(sharedBy("4")).toBe(4);
    const problem = ["SHARDS_PER_WRITER must be a whole number from 1 to 64"];
    for (const wrong of [0, 65, 1.5, "", "two"]) expect(sharedBy(wrong), String(wrong)).toEqual(problem);
  });

  it("gives a local run without secrets a safe default: sign-up and sessions work, with a random key", async () => {
    const local = { ...env, ENVIRONMENT: "development", JWT_SECRET: undefined } as unknown as Env;
    const checked = checkConfig(local);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(checked.env.JWT_SECRET).not.toBe(env.JWT_SECRET);

    const credentials = {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD }),
    };
    expect((await call(local, "/api/auth/signup", credentials)).status).toBe(202);
    const login = await call(local, "/api/auth/login", credentials);
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect((await call(local, "/api/auth/me", { headers: { cookie } })).status).toBe(200);
  });
});

/** The binding and var names each part of wrangler.toml declares: the top level (""), or an environment. */
function declaredNames(toml: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  let scope = "";
  let inVars = false;
  for (const line of toml.split("\n")) {
    const header = line.match(/^\[\[?([^\]]+)\]\]?/)?.[1];
    if (header) {
      scope = header.match(/^env\.([^.]+)/)?.[1] ?? "";
      inVars = header.endsWith("vars");
      continue;
    }
    const name = inVars
      ? line.match(/^([A-Z_]+) = /)?.[1]
      : line.match(/^(?:binding|name) = "([A-Z_]+)"/)?.[1];
    if (!name) continue;
    if (!names.has(scope)) names.set(scope, new Set());
    names.get(scope)?.add(name);
  }
  return names;
}

describe("the deploy environments", () => {
  // Wrangler does not inherit bindings or vars into [env.*]: a binding added at the top level only
  // would be missing in production.
  it.each(["staging", "production"])("%s declares every binding and var of the top level", (name) => {
    const declared = declaredNames(wranglerToml);
    // [assets] is the one part environments do inherit.
    const topLevel = [...(declared.get("") ?? [])].filter((binding) => binding !== "ASSETS").sort();
    expect(topLevel).toEqual(
      expect.arrayContaining(["DB", "LINKS", "CLICKS", "DEAD_LETTERS", "MAIL_LIMITER"]),
    );
    expect([...(declared.get(name) ?? [])].sort()).toEqual(topLevel);
  });

  it("runs each cron of wrangler.toml", () => {
    for (const crons of wranglerToml.match(/^crons = .*$/gm) ?? []) {
      expect(JSON.parse(crons.slice("crons = ".length))).toEqual(Object.values(CRONS));
    }
    expect(wranglerToml.match(/^crons = /gm)).toHaveLength(3);
  });
});
