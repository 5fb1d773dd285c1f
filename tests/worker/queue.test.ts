import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CONVERSION_WAIT_ATTEMPTS } from "../../worker/queue/consumer";
import { eventsOf, loggedEvents } from "./helpers";
import { click, conversion, count, deliver, newTestId, rollup } from "./queue-helpers";

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

  it("retries every event of a batch when D1 fails, and loses nothing on the retry", async () => {
    const testId = await newTestId();
    const events = [click(testId), click(testId), click(testId, { variant: "B" })];
    const failingD1 = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare" || property === "batch")
          return () => {
            throw new Error("D1 is overloaded");
          };
        return Reflect.get(target, property).bind(target);
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failed = await deliver(events, 1, { ...env, DB: failingD1 });
    warn.mockRestore();
    expect(failed.result.explicitAcks).toEqual([]);
    expect(failed.result.retryMessages.map((m) => m.msgId).sort()).toEqual(["m0", "m1", "m2"]);
    expect(await count("clicks", testId)).toBe(0);

    const retried = await deliver(events, 2);
    expect(retried.error).toBeUndefined();
    expect(await count("clicks", testId)).toBe(3);
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
    const rows = await (await eventsOf(testId))
      .prepare("SELECT variant FROM conversions WHERE split_test_id = ?")
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

  it("logs one line per batch: its size and how many were written, retried and dead-lettered", async () => {
    const testId = await newTestId();
    const visitor = click(testId);
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // The real queue may deliver another test's batch meanwhile, in this isolate: this one has its name.
    const queue = `splitlink-clicks-${crypto.randomUUID()}`;
    await deliver(
      [visitor, conversion(testId, "no-click-yet"), { type: "nonsense" }],
      1,
      env,
      undefined,
      queue,
    );
    const lines = loggedEvents(info).filter((line) => line.event === "queue_batch" && line.queue === queue);
    info.mockRestore();
    error.mockRestore();
    expect(lines).toEqual([
      expect.objectContaining({
        queue,
        size: 3,
        written: 1,
        retried: 1,
        deadLettered: 1,
        dropped: 0,
      }),
    ]);
  });
});

describe("a message holding a batch of events", () => {
  function recordingQueue() {
    const sent: { body: unknown; delaySeconds?: number }[] = [];
    const queue = {
      send: async (body: unknown) => {
        sent.push({ body });
      },
      sendBatch: async (messages: { body: unknown; delaySeconds?: number }[]) => {
        sent.push(...messages);
      },
    } as unknown as Queue;
    return { queue, sent };
  }

  it("writes its events, and sends again only the conversion still waiting for its click, then acknowledges it", async () => {
    const testId = await newTestId();
    const visitor = click(testId, { variant: "B" });
    const early = conversion(testId, crypto.randomUUID());
    const clicks = recordingQueue();
    const body = {
      type: "events",
      events: [visitor, click(testId), early, conversion(testId, visitor.sessionId)],
    };
    const { result, error } = await deliver([body], 2, { ...env, CLICKS: clicks.queue });
    expect(error).toBeUndefined();
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(result.retryMessages).toEqual([]);
    expect(await rollup(testId)).toEqual([
      { variant: "A", clicks: 1, visitors: 1, conversions: 0 },
      { variant: "B", clicks: 1, visitors: 1, conversions: 1 },
    ]);
    // Its deliveries so far travel with it: past CONVERSION_WAIT_ATTEMPTS it is given up, as alone.
    expect(clicks.sent).toEqual([
      { body: { type: "events", events: [early], attempts: 2 }, delaySeconds: 10 },
    ]);
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const last = await deliver(
      [{ type: "events", events: [early], attempts: CONVERSION_WAIT_ATTEMPTS - 1 }],
      1,
      {
        ...env,
        CLICKS: clicks.queue,
      },
    );
    info.mockRestore();
    expect(last.result.explicitAcks).toEqual(["m0"]);
    expect(clicks.sent).toHaveLength(1);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "tracking_event_dropped", reason: "conversion_without_click" }),
    );
    warn.mockRestore();

    // Delivered again whole, it counts nothing twice.
    await deliver([body], 3, { ...env, CLICKS: clicks.queue });
    expect(await count("clicks", testId)).toBe(2);
    expect(await count("conversions", testId)).toBe(1);
  });

  it("sends a malformed event alone to the dead-letter queue and writes the others", async () => {
    const testId = await newTestId();
    const deadLetters = recordingQueue();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const good = click(testId);
    const { result } = await deliver([{ type: "events", events: [{ type: "click", id: 3 }, good] }], 1, {
      ...env,
      DEAD_LETTERS: deadLetters.queue,
    });
    error.mockRestore();
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await count("clicks", testId)).toBe(1);
    expect(deadLetters.sent).toEqual([
      { body: { messageId: "m0#0", reason: expect.any(String), body: { type: "click", id: 3 } } },
    ]);
  });
});
