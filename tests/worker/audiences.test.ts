import { describe, expect, it } from "vitest";
import type { TestAnalyticsResponse } from "../../contract/api";
import type { Rule } from "../../contract/rules";
import { STATS_OF_TEST } from "../../worker/db/hour-stats";
import { agentOf } from "../../worker/lib/user-agent";
import { conditionMatches, ruleTarget, type Visitor, visitorOf } from "../../worker/redirect/rules";
import { createTest, errorOf, eventsOf, eventually, fetchWorker, HUMAN, signedUpClient } from "./helpers";
import { click, deliver } from "./queue-helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15";
const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36";
const CHROMEBOOK = "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/124.0 Safari/537.36";

/** The visitor the redirect sees for a request with these headers, query and Cloudflare country. */
function visitor(headers: Record<string, string> = {}, query = "", country?: string): Visitor {
  const url = new URL(`https://app.splitlink.test/r/abc123${query}`);
  const request = new Request(url, { headers, ...(country ? { cf: { country } } : {}) });
  return visitorOf(request, url, "production", agentOf(request));
}

const redirect = (url: string, ...conditions: Rule["conditions"]): Rule => ({
  conditions,
  action: { type: "redirect", url },
});

describe("audience conditions", () => {
  it("device type: mobile, tablet and desktop from the user agent; no user agent is a desktop", () => {
    const cases: [string, string][] = [
      [IPHONE, "mobile"],
      [ANDROID_PHONE, "mobile"],
      [ANDROID_TABLET, "tablet"],
      [IPAD, "tablet"],
      [MAC, "desktop"],
      [HUMAN["user-agent"], "desktop"],
    ];
    for (const [userAgent, device] of cases) {
      const seen = visitor({ "user-agent": userAgent });
      expect(conditionMatches({ type: "device", value: device }, seen)).toBe(true);
      for (const other of ["mobile", "tablet", "desktop"].filter((d) => d !== device))
        expect(conditionMatches({ type: "device", value: other }, seen)).toBe(false);
    }
    expect(conditionMatches({ type: "device", value: "desktop" }, visitor())).toBe(true);
  });

  it("operating system: iOS, Android, Windows, macOS, Linux and ChromeOS; none without a user agent", () => {
    const cases: [string, string][] = [
      [IPHONE, "ios"],
      [IPAD, "ios"],
      [ANDROID_PHONE, "android"],
      [HUMAN["user-agent"], "windows"],
      [MAC, "macos"],
      [LINUX, "linux"],
      [CHROMEBOOK, "chromeos"],
    ];
    for (const [userAgent, os] of cases) {
      expect(conditionMatches({ type: "os", value: os }, visitor({ "user-agent": userAgent }))).toBe(true);
      expect(
        conditionMatches(
          { type: "os", value: os === "ios" ? "macos" : "ios" },
          visitor({ "user-agent": userAgent }),
        ),
      ).toBe(false);
    }
    for (const os of ["ios", "android", "windows", "macos", "linux", "chromeos"])
      expect(conditionMatches({ type: "os", value: os }, visitor())).toBe(false);
  });

  it("language: a prefix matches its regional tags, any accepted language counts, q=0 and no header do not", () => {
    const spanish = visitor({ "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
    expect(conditionMatches({ type: "language", value: "es" }, spanish)).toBe(true);
    expect(conditionMatches({ type: "language", value: "es-es" }, spanish)).toBe(true);
    expect(conditionMatches({ type: "language", value: "en" }, spanish)).toBe(true);
    expect(conditionMatches({ type: "language", value: "es-mx" }, spanish)).toBe(false);
    // A prefix is a whole subtag: "e" is not "es".
    expect(conditionMatches({ type: "language", value: "e" }, spanish)).toBe(false);
    expect(conditionMatches({ type: "language", value: "pt" }, visitor({ "accept-language": "pt-BR" }))).toBe(
      true,
    );
    expect(
      conditionMatches({ type: "language", value: "fr" }, visitor({ "accept-language": "de, fr;q=0" })),
    ).toBe(false);
    expect(conditionMatches({ type: "language", value: "en" }, visitor())).toBe(false);
  });

  it("country: Cloudflare's country code; unknown (none, XX, T1) matches no country", () => {
    expect(conditionMatches({ type: "country", value: "DE" }, visitor({}, "", "DE"))).toBe(true);
    expect(conditionMatches({ type: "country", value: "FR" }, visitor({}, "", "DE"))).toBe(false);
    for (const unknown of [undefined, "XX", "T1"]) expect(visitor({}, "", unknown).country).toBeNull();
  });

  it("query: a parameter present with any value, or equal to a value", () => {
    const seen = visitor({}, "?utm_source=newsletter&promo=");
    expect(conditionMatches({ type: "query", name: "utm_source" }, seen)).toBe(true);
    expect(conditionMatches({ type: "query", name: "promo" }, seen)).toBe(true);
    expect(conditionMatches({ type: "query", name: "utm_source", value: "newsletter" }, seen)).toBe(true);
    expect(conditionMatches({ type: "query", name: "utm_source", value: "ads" }, seen)).toBe(false);
    expect(conditionMatches({ type: "query", name: "gclid" }, seen)).toBe(false);
    expect(conditionMatches({ type: "query", name: "utm_source" }, visitor())).toBe(false);
  });

  it("referrer: the host and its subdomains; no or a broken Referer matches none", () => {
    const fromNews = visitor({ referer: "https://m.facebook.com/story?id=1" });
    expect(conditionMatches({ type: "referrer", value: "facebook.com" }, fromNews)).toBe(true);
    expect(conditionMatches({ type: "referrer", value: "m.facebook.com" }, fromNews)).toBe(true);
    expect(conditionMatches({ type: "referrer", value: "book.com" }, fromNews)).toBe(false);
    expect(conditionMatches({ type: "referrer", value: "facebook.com" }, visitor())).toBe(false);
    expect(
      conditionMatches({ type: "referrer", value: "facebook.com" }, visitor({ referer: "not a url" })),
    ).toBe(false);
  });
});

describe("audience rules", () => {
  const mobileDe = redirect(
    "https://shop.example/mobile-de",
    { type: "device", value: "mobile" },
    { type: "country", value: "DE" },
  );
  const anyDe = redirect("https://shop.example/de", { type: "country", value: "DE" });

  it("match when all their conditions do (AND), and several rules give OR; the first match wins", () => {
    const rules = [mobileDe, anyDe];
    expect(ruleTarget(rules, null, visitor({ "user-agent": IPHONE }, "", "DE"))).toEqual({
      url: "https://shop.example/mobile-de",
      rule: 0,
    });
    expect(ruleTarget(rules, null, visitor({ "user-agent": MAC }, "", "DE"))).toEqual({
      url: "https://shop.example/de",
      rule: 1,
    });
    expect(ruleTarget(rules, null, visitor({ "user-agent": IPHONE }, "", "FR"))).toBeNull();
    // Order decides: the broader rule first takes every German visitor.
    expect(ruleTarget([anyDe, mobileDe], null, visitor({ "user-agent": IPHONE }, "", "DE"))?.rule).toBe(0);
  });

  it("with a rule that joins the experiment, only its visitors are split and the others go to the fallback", () => {
    const rules: Rule[] = [
      anyDe,
      { conditions: [{ type: "device", value: "mobile" }], action: { type: "experiment" } },
    ];
    const fallback = "https://shop.example/everyone-else";
    expect(ruleTarget(rules, fallback, visitor({ "user-agent": IPHONE }, "", "FR"))).toBeNull();
    expect(ruleTarget(rules, fallback, visitor({ "user-agent": MAC }, "", "FR"))).toEqual({
      url: fallback,
      rule: null,
    });
    expect(ruleTarget(rules, fallback, visitor({ "user-agent": IPHONE }, "", "DE"))?.rule).toBe(0);
    // Without such a rule, a visitor who matches none joins the experiment.
    expect(ruleTarget([anyDe], fallback, visitor({ "user-agent": MAC }, "", "FR"))).toBeNull();
  });
});

const MOBILE_RULE: Rule = redirect("https://shop.example/app", { type: "device", value: "mobile" });

async function testWithRules(body: Record<string, unknown>) {
  const { client } = await signedUpClient();
  return { client, test: await createTest(client, body) };
}

/** One visit straight to the Worker, with Cloudflare's country where given. */
function visit(slug: string, headers: Record<string, string>, country?: string) {
  return fetchWorker(`/r/${slug}`, { headers, ...(country ? { cf: { country } } : {}) } as RequestInit);
}

async function countOf(sql: string, testId: string): Promise<number> {
  return (await (await eventsOf(testId)).prepare(sql).bind(testId).first<{ n: number }>())?.n ?? 0;
}

describe("a test with rules", () => {
  it("sends a matching visitor to the rule's URL, keeps their parameters, and records a rule visit, not a click", async () => {
    const { client, test } = await testWithRules({ rules: [MOBILE_RULE] });
    expect(test).toMatchObject({ rules: [MOBILE_RULE], fallbackUrl: null });

    const phone = await visit(`${test.slug}?utm_source=ads`, { "user-agent": IPHONE });
    expect(phone.status).toBe(302);
    expect(phone.headers.get("location")).toBe("https://shop.example/app?utm_source=ads");
    expect(phone.headers.getSetCookie()).toEqual([]);
    const desktop = await visit(test.slug, HUMAN);
    expect(new URL(desktop.headers.get("location") ?? "").searchParams.get("variant")).toMatch(/^[AB]$/);

    await eventually(() => countOf("SELECT count(*) AS n FROM clicks WHERE split_test_id = ?", test.id));
    const ruleVisits = await eventually(async () => {
      const { results } = await (await eventsOf(test.id))
        .prepare("SELECT rule, url FROM rule_visits WHERE split_test_id = ?")
        .bind(test.id)
        .all();
      return results.length > 0 && results;
    });
    expect(ruleVisits).toEqual([{ rule: 0, url: "https://shop.example/app" }]);
    // Only the desktop visitor is in an arm.
    expect(await countOf("SELECT count(*) AS n FROM clicks WHERE split_test_id = ?", test.id)).toBe(1);
    expect(await countOf(`SELECT sum(visitors) AS n FROM ${STATS_OF_TEST}`, test.id)).toBe(1);
    // The setup checklist names the rule among the visits counted in no variant.
    const setup = await eventually(async () => {
      const response = await client.fetch(`/api/tests/${test.slug}/setup`);
      const body = (await response.json()) as { setup: { uncountedVisits: unknown[] } };
      return body.setup.uncountedVisits.length > 0 && body.setup;
    });
    expect(setup.uncountedVisits).toEqual([{ reason: "rule", events: 1 }]);
  });

  it("splits only the visitors a rule lets into the experiment, and sends the others to the fallback URL", async () => {
    const fallbackUrl = "https://shop.example/everyone-else";
    const { test } = await testWithRules({
      rules: [{ conditions: [{ type: "country", value: "de" }], action: { type: "experiment" } }],
      fallbackUrl,
    });
    // Stored as the redirect compares it.
    expect(test).toMatchObject({ rules: [{ conditions: [{ type: "country", value: "DE" }] }], fallbackUrl });
    const german = await visit(test.slug, HUMAN, "DE");
    expect(new URL(german.headers.get("location") ?? "").searchParams.get("variant")).toMatch(/^[AB]$/);
    const french = await visit(test.slug, HUMAN, "FR");
    expect(french.headers.get("location")).toBe(`${fallbackUrl}`);
    const unknown = await visit(test.slug, HUMAN);
    expect(unknown.headers.get("location")).toBe(fallbackUrl);
    await eventually(
      async () =>
        (await countOf(
          "SELECT count(*) AS n FROM rule_visits WHERE split_test_id = ? AND rule IS NULL",
          test.id,
        )) === 2,
    );
    expect(await countOf("SELECT count(*) AS n FROM clicks WHERE split_test_id = ?", test.id)).toBe(1);
  });

  it("records no rule visit for a bot, which still goes where the rule says, and counts it a bot", async () => {
    const { client, test } = await testWithRules({ rules: [MOBILE_RULE] });
    const bot = await visit(test.slug, {
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html) Mobile",
    });
    expect(bot.headers.get("location")).toBe("https://shop.example/app");
    const human = await visit(test.slug, HUMAN);
    expect(human.status).toBe(302);
    await eventually(() => countOf("SELECT count(*) AS n FROM clicks WHERE split_test_id = ?", test.id));
    expect(await countOf("SELECT count(*) AS n FROM rule_visits WHERE split_test_id = ?", test.id)).toBe(0);
    // Not counted, and said so: the traffic quality has it among the bots.
    const quality = await eventually(async () => {
      const response = await client.fetch(`/api/tests/${test.slug}/analytics`);
      const { analytics } = (await response.json()) as TestAnalyticsResponse;
      return analytics.trafficQuality.visits.length > 0 && analytics.trafficQuality;
    });
    expect(quality.visits).toEqual([{ reason: "bot", events: 1 }]);
  });

  it("a rule visit delivered twice, or for a deleted test, is recorded at most once and never as a click", async () => {
    const { client, test } = await testWithRules({ rules: [MOBILE_RULE] });
    const event = {
      type: "rule",
      id: crypto.randomUUID(),
      testId: test.id,
      rule: 0,
      url: "https://shop.example/app",
      timestamp: Date.now(),
    };
    await deliver([event, click(test.id)]);
    await deliver([event]);
    expect(await countOf("SELECT count(*) AS n FROM rule_visits WHERE split_test_id = ?", test.id)).toBe(1);
    expect(await countOf(`SELECT sum(clicks) AS n FROM ${STATS_OF_TEST}`, test.id)).toBe(1);
    await client.json("DELETE", `/api/tests/${test.id}`);
    const { result } = await deliver([{ ...event, id: crypto.randomUUID() }]);
    expect(result.explicitAcks).toEqual(["m0"]);
  });

  it("counts the visits each rule and the fallback sent, once each, for the test page", async () => {
    const fallbackUrl = "https://shop.example/everyone-else";
    const { client, test } = await testWithRules({
      rules: [
        MOBILE_RULE,
        { conditions: [{ type: "country", value: "DE" }], action: { type: "experiment" } },
      ],
      fallbackUrl,
    });
    const ruleVisit = (rule: number | null, url: string) => ({
      type: "rule",
      id: crypto.randomUUID(),
      testId: test.id,
      rule,
      url,
      timestamp: Date.now(),
    });
    const twice = ruleVisit(0, "https://shop.example/app");
    await deliver([twice, ruleVisit(0, "https://shop.example/app"), ruleVisit(null, fallbackUrl)]);
    await deliver([twice]);

    const response = await client.fetch(`/api/tests/${test.slug}/analytics`);
    const { analytics } = (await response.json()) as { analytics: { ruleVisits: unknown } };
    expect(analytics.ruleVisits).toEqual([
      { rule: null, url: fallbackUrl, visits: 1 },
      { rule: 0, url: "https://shop.example/app", visits: 2 },
    ]);
  });

  it("refuses rules the redirect could not apply, with a clear message", async () => {
    const { client } = await signedUpClient();
    const cases: [unknown, string][] = [
      [
        [{ conditions: [{ type: "country", value: "Germany" }], action: MOBILE_RULE.action }],
        "two-letter country code",
      ],
      [
        [{ conditions: [{ type: "device", value: "phone" }], action: MOBILE_RULE.action }],
        '"mobile", "tablet" or "desktop"',
      ],
      [
        [{ conditions: [{ type: "browser", value: "x" }], action: MOBILE_RULE.action }],
        "A condition's type must be",
      ],
      [[{ conditions: [{ type: "query" }], action: MOBILE_RULE.action }], "parameter's name"],
      [[{ conditions: [], action: MOBILE_RULE.action }], "1 to 10 conditions"],
      [
        [{ conditions: MOBILE_RULE.conditions, action: { type: "redirect", url: "javascript:alert(1)" } }],
        "valid http or https URL",
      ],
      [[{ conditions: MOBILE_RULE.conditions, action: { type: "experiment" } }], "set a fallback URL"],
      [[{ conditions: MOBILE_RULE.conditions, action: { type: "elsewhere" } }], "A rule's action must be"],
    ];
    for (const [rules, message] of cases) {
      const response = await client.json("POST", "/api/tests", {
        name: "Rules",
        urlA: "https://shop.example/a",
        urlB: "https://shop.example/b",
        rules,
      });
      expect(response.status, JSON.stringify(rules)).toBe(400);
      expect((await errorOf(response)).message).toContain(message);
    }
  });

  it("changes through PATCH: redirect-only rules any time, rules that choose who joins the experiment only before the first counted click", async () => {
    const { client, test } = await testWithRules({});
    const join: Rule = { conditions: [{ type: "os", value: "ios" }], action: { type: "experiment" } };
    const patch = (body: unknown) => client.json("PATCH", `/api/tests/${test.id}`, body);

    // Before any click: experiment rules may come and go; the fallback can be the test's own.
    expect((await patch({ rules: [join] })).status).toBe(400);
    expect((await patch({ rules: [join], fallbackUrl: "https://shop.example/other" })).status).toBe(200);
    const linked = await patch({ rules: [] });
    expect(((await linked.json()) as { test: { rules: Rule[] } }).test.rules).toEqual([]);

    await visit(test.slug, HUMAN);
    await eventually(() => countOf(`SELECT sum(clicks) AS n FROM ${STATS_OF_TEST}`, test.id));

    const redirectOnly = await patch({ rules: [MOBILE_RULE] });
    expect(redirectOnly.status).toBe(200);
    // The link obeys at once.
    expect((await visit(test.slug, { "user-agent": IPHONE })).headers.get("location")).toBe(
      "https://shop.example/app",
    );
    const locked = await patch({ rules: [MOBILE_RULE, join], fallbackUrl: "https://shop.example/other" });
    expect(locked.status).toBe(409);
    expect(await errorOf(locked)).toMatchObject({
      code: "rules_locked",
      message: expect.stringContaining("fixed URL"),
    });
    expect((await patch({ rules: [] })).status).toBe(200);
  });

  it("honours the development country header only in development", async () => {
    const { test } = await testWithRules({
      rules: [redirect("https://shop.example/de", { type: "country", value: "DE" })],
    });
    const header = { ...HUMAN, "x-splitlink-dev-country": "DE" };
    expect((await visit(test.slug, header)).headers.get("location")).toBe("https://shop.example/de");
    const url = new URL(`https://app.splitlink.test/r/${test.slug}`);
    const request = new Request(url, { headers: header });
    const production = visitorOf(request, url, "production", agentOf(request));
    expect(production.country).toBeNull();
  });
});
