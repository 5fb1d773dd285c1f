import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIFECYCLE_MESSAGES } from "../../contract/messages";
import worker from "../../worker/index";
import {
  Client,
  clicksOf,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  HUMAN,
  open,
  signedUpClient,
} from "./helpers";

const variantOf = (response: Response) =>
  new URL(response.headers.get("location") ?? "http://x").searchParams.get("variant");

describe("pausing and resuming", () => {
  it("sends everyone to A without counting while paused, at once, and splits again after resuming", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await open(new Client(), `/r/${test.slug}`, { headers: HUMAN });
    await eventually(async () => (await clicksOf(test.id)) === 1);

    const paused = await client.json("POST", `/api/tests/${test.id}/pause`);
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { test: { status: string } }).test.status).toBe("paused");
    for (let i = 0; i < 10; i++)
      expect(variantOf(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN }))).toBe("A");
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await clicksOf(test.id)).toBe(1);

    const resumed = await client.json("POST", `/api/tests/${test.id}/resume`);
    expect(((await resumed.json()) as { test: { status: string } }).test.status).toBe("active");
    const variants = new Set<string | null>();
    for (let i = 0; i < 30; i++)
      variants.add(variantOf(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN })));
    expect(variants).toEqual(new Set(["A", "B"]));
    await eventually(async () => (await clicksOf(test.id)) === 31);
  });
});

describe("promoting the winner", () => {
  it("sends everyone, returning visitors too, to the promoted variant and freezes the results", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const returningOnA = new Client();
    while (variantOf(await open(returningOnA, `/r/${test.slug}`, { headers: HUMAN })) !== "A")
      returningOnA.cookies.clear();
    const conversionSession = returningOnA.cookies.get("sl_conv");
    await eventually(async () => (await clicksOf(test.id)) > 0);
    const clicksBefore = await clicksOf(test.id);

    const promoted = await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "B" });
    expect(promoted.status).toBe(200);
    const body = (await promoted.json()) as { test: { status: string; winnerVariant: string } };
    expect(body.test).toMatchObject({ status: "completed", winnerVariant: "B" });

    expect(variantOf(await open(returningOnA, `/r/${test.slug}`, { headers: HUMAN }))).toBe("B");
    for (let i = 0; i < 5; i++)
      expect(variantOf(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN }))).toBe("B");

    // A conversion arriving after the promotion does not change the frozen results.
    const convert = await new Client().fetch("/api/conversion", {
      headers: { cookie: `sl_conv=${conversionSession}` },
    });
    expect(convert.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const conversions = await (await eventsOf(test.id))
      .prepare("SELECT count(*) AS n FROM conversions WHERE split_test_id = ?")
      .bind(test.id)
      .first<{ n: number }>();
    expect(conversions?.n).toBe(0);
    expect(await clicksOf(test.id)).toBe(clicksBefore);
  });

  it("drops a click that reaches the consumer after the promotion", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "A" });
    const late = {
      type: "click",
      id: crypto.randomUUID(),
      testId: test.id,
      variant: "B",
      sessionId: crypto.randomUUID(),
      isBot: false,
      timestamp: Date.now() + 1,
    };
    const batch = createMessageBatch("splitlink-clicks", [
      { id: "m0", timestamp: Date.now(), attempts: 1, body: late },
    ]);
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["m0"]);
    expect(await clicksOf(test.id)).toBe(0);
  });

  it("refuses to change a completed test, and asks for A or B", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const wrong = await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "C" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(LIFECYCLE_MESSAGES.chooseVariant);
    await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "A" });
    for (const action of ["pause", "resume"]) {
      const response = await client.json("POST", `/api/tests/${test.id}/${action}`);
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toBe(LIFECYCLE_MESSAGES.completed);
    }
  });

  it("lets only the owner change a test", async () => {
    const owner = await signedUpClient();
    const stranger = await signedUpClient();
    const test = await createTest(owner.client);
    for (const [action, body] of [
      ["pause", undefined],
      ["resume", undefined],
      ["promote", { variant: "A" }],
    ] as const) {
      expect((await stranger.client.json("POST", `/api/tests/${test.id}/${action}`, body)).status).toBe(404);
      expect((await new Client().json("POST", `/api/tests/${test.id}/${action}`, body)).status).toBe(401);
    }
    const row = await env.DB.prepare("SELECT status FROM split_tests WHERE id = ?")
      .bind(test.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("active");
  });
});

describe("CSV export", () => {
  it("streams one row per click and conversion with ISO times, oldest first", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const visitor = new Client();
    const first = await open(visitor, `/r/${test.slug}`, { headers: HUMAN });
    const sessionId = new URL(first.headers.get("location") ?? "").searchParams.get("sessionId");
    await open(new Client(), `/r/${test.slug}`, { headers: { "user-agent": "Googlebot/2.1" } });
    await eventually(async () => (await clicksOf(test.id)) === 2);
    await visitor.fetch("/api/conversion");
    await eventually(async () =>
      (await eventsOf(test.id))
        .prepare("SELECT 1 FROM conversions WHERE split_test_id = ?")
        .bind(test.id)
        .first(),
    );

    const response = await client.fetch(`/api/tests/${test.id}/export/events.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="splitlink-${test.slug}-events.csv"`,
    );
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "event,time,variant,session_id,bot,amount,currency,device,os,country,referrer_host,rule,url,phase,metric,tags",
    );
    expect(lines).toHaveLength(4);
    const rows = lines.slice(1).map((line) => line.split(","));
    expect(rows.map((r) => r[0]).sort()).toEqual(["click", "click", "conversion"]);
    for (const row of rows) expect(row[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows.map((r) => r[1])).toEqual([...rows.map((r) => r[1])].sort());
    expect(rows.find((r) => r[0] === "conversion")?.[3]).toBe(sessionId);
    expect(rows.filter((r) => r[4] === "true")).toHaveLength(1);
    // The person's click carries their segment (HUMAN is Chrome on Windows, no country offline) and
    // its phase.
    expect(rows.find((r) => r[0] === "click" && r[4] === "false")?.slice(5)).toEqual([
      "",
      "",
      "desktop",
      "windows",
      "",
      "",
      "",
      "",
      "1",
      "",
      "",
    ]);
    // A conversion names its metric: here the primary, named by its kind (then the test's tags: none).
    expect(rows.find((r) => r[0] === "conversion")?.at(-2)).toBe("Conversion rate");
  });

  it("pages through more rows than one page holds", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const base = Date.UTC(2026, 10, 1);
    const db = await eventsOf(test.id);
    const statements = Array.from({ length: 2_345 }, (_, i) =>
      db
        .prepare(
          "INSERT INTO clicks (id, split_test_id, variant, session, is_bot, timestamp) VALUES (?, ?, ?, CAST(? AS BLOB), 0, ?)",
        )
        .bind(
          `c${String(i).padStart(5, "0")}`,
          test.id,
          i % 2 ? "B" : "A",
          `s${i}`,
          base + Math.floor(i / 3),
        ),
    );
    await db.batch(statements);
    const text = await (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text();
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2_346);
    expect(new Set(lines).size).toBe(2_346);
  });

  it("exports the daily rollup per variant", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const day = Date.UTC(2026, 10, 20);
    await (await eventsOf(test.id))
      .prepare(
        "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?1, ?2, 'A', 10, 8, 2), (?1, ?3, 'A', 5, 5, 1), (?1, ?2, 'B', 7, 7, 3), (?1, ?4, 'B', 1, 1, 0)",
      )
      .bind(test.id, day, day + 5 * 3_600_000, day + 24 * 3_600_000)
      .run();
    const response = await client.fetch(`/api/tests/${test.id}/export/daily.csv`);
    expect(await response.text()).toBe(
      "date,variant,clicks,visitors,conversions,orders,revenue,currency,phase\r\n2026-11-20,A,15,13,3,0,,,1\r\n2026-11-20,B,7,7,3,0,,,1\r\n2026-11-21,B,1,1,0,0,,,1\r\n",
    );
  });

  it("exports only the owner's tests", async () => {
    const owner = await signedUpClient();
    const stranger = await signedUpClient();
    const test = await createTest(owner.client);
    for (const file of ["events.csv", "daily.csv"]) {
      expect((await stranger.client.fetch(`/api/tests/${test.id}/export/${file}`)).status).toBe(404);
      expect((await new Client().fetch(`/api/tests/${test.id}/export/${file}`)).status).toBe(401);
    }
  });
});
