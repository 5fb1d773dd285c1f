import { describe, expect, it } from "vitest";
import type { TestBreakdownsResponse } from "../../contract/api";
import {
  createApiKey,
  createTest,
  eventsOf,
  eventually,
  fetchWorker,
  publicApi,
  signedUpClient,
} from "./helpers";
import { click, conversion, deliver } from "./queue-helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** A small seeded generator: the same traffic every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4_294_967_296;
  };
}

describe("breakdowns", () => {
  it("record each counted click's device, OS, country and referrer host, and nothing more of the visitor", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await fetchWorker(`/r/${test.slug}`, {
      headers: {
        "user-agent": IPHONE,
        referer: "https://News.ycombinator.com/item?id=1",
        "cf-connecting-ip": "203.0.113.9",
      },
      cf: { country: "DE" },
    } as RequestInit);
    const row = await eventually(async () =>
      (await eventsOf(test.id))
        .prepare("SELECT * FROM clicks WHERE split_test_id = ?")
        .bind(test.id)
        .first<Record<string, unknown>>(),
    );
    expect(row).toMatchObject({
      device: "mobile",
      os: "ios",
      country: "DE",
      referrer_host: "news.ycombinator.com",
    });
    expect(JSON.stringify(row)).not.toContain("203.0.113.9");
    expect(JSON.stringify(row)).not.toContain("iPhone");
  });

  it("equal the raw rows: visitors by their first human click's segment, conversions in that same segment", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, {
      urlA: undefined,
      urlB: undefined,
      variants: [
        { url: "https://shop.example/a", weight: 34 },
        { url: "https://shop.example/b", weight: 33 },
        { url: "https://shop.example/c", weight: 33 },
      ],
    });
    const random = seeded(22);
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)] as T;
    const countries = ["DE", "FR", "US", "GB", "ES", "IT", "NL", "PL", "SE", "AT", "CH", "BE", null];
    const events: unknown[] = [];
    const sessions: string[] = [];
    const start = Date.now() - 60_000;
    for (let i = 0; i < 240; i++) {
      const sessionId = crypto.randomUUID();
      sessions.push(sessionId);
      const segment = {
        device: pick(["mobile", "tablet", "desktop"]),
        os: pick(["ios", "android", "windows", null]),
        country: pick(countries),
        referrer: pick(["t.co", "news.ycombinator.com", null]),
      };
      const variant = pick(["A", "B", "C"] as const);
      events.push(click(test.id, { sessionId, variant, ...segment, timestamp: start + i * 10 }));
      // A return visit from elsewhere: the visitor stays in their first segment.
      if (random() < 0.2)
        events.push(
          click(test.id, {
            sessionId,
            variant,
            device: "desktop",
            country: "JP",
            timestamp: start + 5_000 + i,
          }),
        );
      if (random() < 0.1)
        events.push(click(test.id, { sessionId: crypto.randomUUID(), isBot: true, country: "DE" }));
    }
    for (let i = 0; i < events.length; i += 100) await deliver(events.slice(i, i + 100));
    await deliver(sessions.filter(() => random() < 0.3).map((sessionId) => conversion(test.id, sessionId)));

    const response = await client.fetch(`/api/tests/${test.slug}/breakdowns`);
    expect(response.status).toBe(200);
    const { breakdowns } = (await response.json()) as TestBreakdownsResponse;

    const column = { device: "device", os: "os", country: "country", referrer: "referrer_host" } as const;
    for (const [dimension, name] of Object.entries(column) as [keyof typeof column, string][]) {
      const { results } = await (await eventsOf(test.id))
        .prepare(
          `WITH first AS (
           SELECT session_id, variant, coalesce(${name}, '') AS value FROM clicks AS c
           WHERE split_test_id = ?1 AND is_bot = 0
             AND timestamp = (SELECT min(timestamp) FROM clicks WHERE split_test_id = ?1 AND session_id = c.session_id AND is_bot = 0))
         SELECT f.variant, f.value, count(*) AS visitors, count(v.id) AS conversions
         FROM first AS f LEFT JOIN conversions AS v ON v.split_test_id = ?1 AND v.session_id = f.session_id
         GROUP BY f.variant, f.value`,
        )
        .bind(test.id)
        .all<{ variant: string; value: string; visitors: number; conversions: number }>();
      const segments = breakdowns[dimension];
      // Countries beyond the top 10 are summed as "other"; everything else is listed.
      const listed = segments.filter((s) => s.kind !== "other");
      for (const segment of listed) {
        for (const arm of segment.arms) {
          const raw = results.find((r) => r.variant === arm.label && r.value === segment.value);
          expect([dimension, segment.value, arm.label, arm.visitors, arm.conversions]).toEqual([
            dimension,
            segment.value,
            arm.label,
            raw?.visitors ?? 0,
            raw?.conversions ?? 0,
          ]);
        }
      }
      const total = (key: "visitors" | "conversions") => results.reduce((sum, r) => sum + r[key], 0);
      const shown = (key: "visitors" | "conversions") =>
        segments.flatMap((s) => s.arms).reduce((sum, arm) => sum + arm[key], 0);
      expect(shown("visitors")).toBe(total("visitors"));
      expect(shown("conversions")).toBe(total("conversions"));
    }
    expect(breakdowns.country.filter((s) => s.kind === "known")).toHaveLength(10);
    expect(breakdowns.country.some((s) => s.kind === "other")).toBe(true);
    expect(breakdowns.country.some((s) => s.value === "JP")).toBe(false);
    // The same interval as the totals: a rate with its 95 % interval around it.
    for (const arm of breakdowns.device.flatMap((s) => s.arms))
      expect(arm.interval.lower <= arm.rate && arm.rate <= arm.interval.upper).toBe(true);

    // The public API answers the same, by id.
    const { key } = await createApiKey(client, "breakdowns");
    const viaKey = await publicApi(key, "GET", `/tests/${test.id}/breakdowns`);
    expect(viaKey.status).toBe(200);
    expect(await viaKey.json()).toEqual({ breakdowns });
  });

  it("answer 404 for another user's test", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const { client: stranger } = await signedUpClient();
    expect((await stranger.fetch(`/api/tests/${test.slug}/breakdowns`)).status).toBe(404);
  });
});
