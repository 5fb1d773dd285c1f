import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { CONVERSION_WAIT_ATTEMPTS } from "../../worker/queue/consumer";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { createTest, loggedEvents, signedUpClient } from "./helpers";

async function newTestId() {
  const { client } = await signedUpClient();
  return (await createTest(client)).id;
}

function click(testId: string, overrides: Partial<ClickEvent> = {}): ClickEvent {
  return {
    type: "click",
    id: crypto.randomUUID(),
    testId,
    variant: "A",
    sessionId: crypto.randomUUID(),
    isBot: false,
    timestamp: Date.now(),
    ...overrides,
  };
}

function conversion(testId: string, sessionId: string): ConversionEvent {
  return { type: "conversion", id: crypto.randomUUID(), testId, sessionId, timestamp: Date.now() };
}

/** Delivers events to the Worker's queue handler as one batch, like the Queues runtime does. */
async function deliver(events: unknown[], attempts = 1, bindings: Env = env) {
  const batch = createMessageBatch(
    "splitlink-clicks",
    events.map((body, i) => ({ id: `m${i}`, timestamp: Date.now(), attempts, body })),
  );
  const ctx = createExecutionContext();
  let error: unknown;
  try {
    await worker.queue(batch, bindings);
  } catch (thrown) {
    error = thrown;
  }
  return { result: await getQueueResult(batch, ctx), error };
}

async function count(table: string, testId: string) {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE split_test_id = ?`)
    .bind(testId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function rollup(testId: string) {
  const { results } = await env.DB.prepare(
    "SELECT variant, sum(clicks) AS clicks, sum(visitors) AS visitors, sum(conversions) AS conversions FROM test_stats_hourly WHERE split_test_id = ? GROUP BY variant ORDER BY variant",
  )
    .bind(testId)
    .all();
  return results;
}

describe("the click consumer", () => {
  it("writes a batch of clicks and updates the hourly rollup with clicks and unique visitors", async () => {
    const testId = await newTestId();
    const returning = crypto.randomUUID();
    const events = [
      click(testId, { sessionId: returning }),
      click(testId, { sessionId: returning }),
      click(testId),
      click(testId, { variant: "B" }),
      click(testId, { variant: "B", isBot: true }),
    ];
    const { result } = await deliver(events);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(await count("clicks", testId)).toBe(5);
    expect(await rollup(testId)).toEqual([
      { variant: "A", clicks: 3, visitors: 2, conversions: 0 },
      { variant: "B", clicks: 1, visitors: 1, conversions: 0 },
    ]);
  });

  it("inserts nothing twice when a batch is delivered again", async () => {
    const testId = await newTestId();
    const events = [click(testId), click(testId, { variant: "B" })];
    await deliver(events);
    await deliver(events, 2);
    expect(await count("clicks", testId)).toBe(2);
    expect(await rollup(testId)).toEqual([
      { variant: "A", clicks: 1, visitors: 1, conversions: 0 },
      { variant: "B", clicks: 1, visitors: 1, conversions: 0 },
    ]);
  });

  it("lets a batch fail when D1 fails, so it is retried, and loses nothing on the retry", async () => {
    const testId = await newTestId();
    const events = [click(testId), click(testId), click(testId, { variant: "B" })];
    const failingD1 = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") return () => Promise.reject(new Error("D1 is overloaded"));
        return Reflect.get(target, property).bind(target);
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failed = await deliver(events, 1, { ...env, DB: failingD1 });
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "queue_batch_failed", size: 3, retried: 3, attempts: 1 }),
    );
    warn.mockRestore();
    expect(String(failed.error)).toContain("D1 is overloaded");
    expect(failed.result.explicitAcks).toEqual([]);
    expect(await count("clicks", testId)).toBe(0);

    const retried = await deliver(events, 2);
    expect(retried.error).toBeUndefined();
    expect(await count("clicks", testId)).toBe(3);
  });

  it("drops a malformed message without holding up the others", async () => {
    const testId = await newTestId();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { result } = await deliver([{ type: "click", id: 42 }, click(testId)]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(await count("clicks", testId)).toBe(1);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "tracking_event_dropped", reason: "malformed", messageId: "m0" }),
    );
    warn.mockRestore();
  });

  it("skips a click of a test deleted meanwhile instead of failing the batch", async () => {
    const testId = await newTestId();
    const { result, error } = await deliver([click("deleted-test"), click(testId)]);
    expect(error).toBeUndefined();
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(await count("clicks", testId)).toBe(1);
  });
});

describe("the conversion consumer", () => {
  it("counts a conversion with the variant of the visitor's click, once", async () => {
    const testId = await newTestId();
    const visitor = click(testId, { variant: "B" });
    await deliver([visitor]);
    const { result } = await deliver([
      conversion(testId, visitor.sessionId),
      conversion(testId, visitor.sessionId),
    ]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    const rows = await env.DB.prepare("SELECT variant FROM conversions WHERE split_test_id = ?")
      .bind(testId)
      .all();
    expect(rows.results).toEqual([{ variant: "B" }]);
    expect(await rollup(testId)).toEqual([{ variant: "B", clicks: 1, visitors: 1, conversions: 1 }]);
  });

  it("waits for a click that has not arrived yet, then counts the conversion", async () => {
    const testId = await newTestId();
    const visitor = click(testId);
    const early = conversion(testId, visitor.sessionId);
    const first = await deliver([early]);
    expect(first.result.retryMessages.map((m) => m.msgId)).toEqual(["m0"]);
    expect(await count("conversions", testId)).toBe(0);

    await deliver([visitor]);
    const second = await deliver([early], 2);
    expect(second.result.explicitAcks).toEqual(["m0"]);
    expect(await count("conversions", testId)).toBe(1);
  });

  it("never counts a conversion without a click, and a bot's click does not qualify", async () => {
    const testId = await newTestId();
    const bot = click(testId, { isBot: true });
    await deliver([bot]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { result } = await deliver(
      [conversion(testId, bot.sessionId), conversion(testId, "made-up")],
      CONVERSION_WAIT_ATTEMPTS,
    );
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(loggedEvents(warn).filter((line) => line.event === "tracking_event_dropped")).toHaveLength(2);
    warn.mockRestore();
    expect(await count("conversions", testId)).toBe(0);
  });

  it("logs one line per batch: its size and how many were inserted, retried and dropped", async () => {
    const testId = await newTestId();
    const visitor = click(testId);
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await deliver([visitor, conversion(testId, "no-click-yet"), { type: "nonsense" }]);
    const lines = loggedEvents(info).filter((line) => line.event === "queue_batch");
    info.mockRestore();
    warn.mockRestore();
    expect(lines).toEqual([
      expect.objectContaining({ queue: "splitlink-clicks", size: 3, inserted: 1, retried: 1, dropped: 1 }),
    ]);
  });
});
