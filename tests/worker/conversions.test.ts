import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CONVERSION_MESSAGES } from "../../contract/messages";
import type { TrackingEvent } from "../../worker/queue/events";
import {
  Client,
  clickedVisitor,
  createTest,
  errorOf,
  eventually,
  fetchWorker,
  inFreshRateLimitWindow,
  loggedEvents,
  sendBeacon,
  signedUpClient,
  uniqueIp,
} from "./helpers";
import { conversionsOf } from "./queue-helpers";

/** A test and a visitor who went through its link: their session id and variant. */
async function visitedTest() {
  const { client } = await signedUpClient();
  const test = await createTest(client);
  return { test, ...(await clickedVisitor(test)) };
}

const beacon = (body: unknown) => sendBeacon(body);

describe("the conversion beacon", () => {
  it("answers the CORS preflight for any origin", async () => {
    const response = await new Client().fetch("/functions/v1/conversions", {
      method: "OPTIONS",
      headers: {
        origin: "https://shop.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("takes a text/plain JSON body from another site and counts it with the click's variant", async () => {
    const { test, sessionId, variant } = await visitedTest();
    const forged = variant === "A" ? "B" : "A";
    const response = await beacon({ splitTestId: test.id, sessionId, variant: forged });
    expect(response.status).toBe(202);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const rows = await eventually(async () => {
      const found = await conversionsOf(test.id);
      return found.length > 0 && found;
    });
    expect(rows).toEqual([{ variant, session_id: sessionId }]);
  });

  it("keeps one conversion per visitor however often the beacon fires", async () => {
    const { test, sessionId, variant } = await visitedTest();
    for (let i = 0; i < 3; i++)
      expect((await beacon({ splitTestId: test.id, sessionId, variant })).status).toBe(202);
    await eventually(async () => (await conversionsOf(test.id)).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await conversionsOf(test.id)).toHaveLength(1);
  });

  it.each([
    ["not JSON", "splitTestId=1"],
    ["a missing session", { splitTestId: "t", variant: "A" }],
    ["a variant that is no letter from A to H", { splitTestId: "t", sessionId: "s", variant: "I" }],
    ["an oversized body", { splitTestId: "t", sessionId: "s".repeat(3000), variant: "A" }],
  ])("refuses %s with a clear message, still readable cross-site", async (_, body) => {
    const response = await beacon(body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect((await errorOf(response)).message).toMatch(/splitTestId, sessionId and variant/);
  });
});

describe("beacon flood protection", () => {
  it("answers 429, still readable cross-site, after 100 beacons in 10 s from one address to one test", async () => {
    const flooder = new Client(uniqueIp());
    const send = (i: number) =>
      flooder.fetch("/functions/v1/conversions", {
        method: "POST",
        headers: { "content-type": "text/plain", origin: "https://shop.example" },
        body: JSON.stringify({ splitTestId: "t", sessionId: `s${i}`, variant: "A" }),
      });
    // Sent together, a burst falls in one 10 s window; should a window end mid-burst, the next
    // burst lands wholly in the new window, which already holds part of the first.
    const burst = (from: number) => Promise.all(Array.from({ length: 110 }, (_, i) => send(from + i)));
    let responses = await burst(0);
    if (!responses.some((r) => r.status === 429)) responses = await burst(110);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(100);
    expect(statuses.filter((s) => s !== 202 && s !== 429)).toEqual([]);
    const limited = responses.find((r) => r.status === 429);
    expect(limited?.headers.get("access-control-allow-origin")).toBe("*");
    expect(limited && (await errorOf(limited)).message).toBe(CONVERSION_MESSAGES.rateLimited);
  });
});

describe("the conversion page /api/conversion", () => {
  it("records the conversion of the visitor the redirect remembered", async () => {
    const { test, visitor, sessionId, variant } = await visitedTest();
    const response = await visitor.fetch("/api/conversion");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: CONVERSION_MESSAGES.recorded,
      conversion: { splitTestId: test.id, variant, sessionId },
    });
    const rows = await eventually(async () => {
      const found = await conversionsOf(test.id);
      return found.length > 0 && found;
    });
    expect(rows).toEqual([{ variant, session_id: sessionId }]);
  });

  it("shares the beacon's limit per address and test: 429 with Retry-After past it, logged, no conversion queued", async () => {
    const { client } = await signedUpClient();
    const [test, otherTest] = [await createTest(client), await createTest(client)];
    // What the page hands to the queue, which is all it does to record a conversion.
    const queued: TrackingEvent[] = [];
    const queue = {
      sendBatch: async (messages: { body: { events: TrackingEvent[] } }[]) => {
        queued.push(...messages.flatMap(({ body }) => body.events));
      },
    };
    const bindings = { ...env, CLICKS: queue } as unknown as Env;
    const office = uniqueIp();
    // Each from another address of the office's /64: an IPv6 client counts by its /64.
    let sent = 0;
    const convert = (testId: string, sessionId: string) =>
      fetchWorker(
        "/api/conversion",
        {
          headers: {
            "cf-connecting-ip": `${office.split("::")[0]}::${(++sent).toString(16)}`,
            cookie: `sl_conv=${testId}|A|${sessionId}`,
          },
        },
        { bindings },
      );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Local limiters count in wall-clock windows: the flood must fall in one.
    await inFreshRateLimitWindow(10, 5000);
    try {
      const flood = await Promise.all(Array.from({ length: 110 }, (_, i) => convert(test.id, `s${i}`)));
      const statuses = flood.map((response) => response.status);
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      const refused = flood.filter((response) => response.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(10);
      expect(refused[0]?.headers.get("retry-after")).toBe("10");
      expect(refused[0] && (await errorOf(refused[0]))).toMatchObject({
        code: "rate_limited",
        message: CONVERSION_MESSAGES.rateLimited,
      });
      expect(
        loggedEvents(warn).filter((e) => e.event === "beacon_refused" && e.testId === test.id),
      ).toHaveLength(refused.length);
      const ofTest = queued.filter((event) => event.testId === test.id);
      expect(ofTest.filter((event) => event.type === "conversion")).toHaveLength(110 - refused.length);
      // The refusals travel added up, for the test's traffic quality: at most one event a batch window.
      const uncounted = ofTest.filter((event) => event.type === "uncounted");
      expect(
        uncounted.reduce((sum, event) => sum + (event.type === "uncounted" ? (event.events ?? 1) : 0), 0),
      ).toBe(refused.length);
      expect(uncounted.length).toBeLessThan(refused.length);

      // One count with the beacon; the address's other tests go on.
      const beacon = await sendBeacon(
        { splitTestId: test.id, sessionId: "s", variant: "A" },
        new Client(office),
      );
      expect(beacon.status).toBe(429);
      expect((await convert(otherTest.id, "buyer")).status).toBe(200);
    } finally {
      warn.mockRestore();
    }
  });

  it("hands an isolate's conversions to the queue together within a fifth of the writer's hold", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const sent: number[] = [];
    const queue = {
      sendBatch: async (messages: { body: { events: TrackingEvent[] } }[]) => {
        sent.push(messages.flatMap(({ body }) => body.events).length);
      },
    };
    // A hold of 2 s: the isolate's window is 400 ms, so conversions 250 ms apart (past the shortest
    // window, 100 ms) go in one call.
    const bindings = { ...env, CLICKS: queue, CLICK_HOLD_SECONDS: 2 } as unknown as Env;
    const convert = (after: number, sessionId: string) =>
      new Promise((resolve) => setTimeout(resolve, after)).then(() =>
        fetchWorker(
          "/api/conversion",
          { headers: { "cf-connecting-ip": uniqueIp(), cookie: `sl_conv=${test.id}|A|${sessionId}` } },
          { bindings },
        ),
      );
    const responses = await Promise.all([convert(0, "first"), convert(250, "second")]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(sent).toEqual([2]);
  });

  it("says 'No session data found' without the cookie", async () => {
    const response = await new Client().fetch("/api/conversion");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe(CONVERSION_MESSAGES.noSession);
  });

  it.each(["garbage", "id|I|session", "id|A", "id|A|s|extra"])(
    "says 'Invalid session data format' for %j",
    async (value) => {
      const response = await new Client().fetch("/api/conversion", {
        headers: { cookie: `sl_conv=${value}` },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(CONVERSION_MESSAGES.invalidSession);
    },
  );
});
