import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CustomDomain, VerifyDomainResponse } from "../../contract/api";
import { DOMAIN_MESSAGES, REDIRECT_MESSAGES } from "../../contract/messages";
import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { CRONS } from "../../worker/crons";
import { eventsDb, shardWriter, writerName } from "../../worker/db/shards";
import {
  AddressHours,
  REMEMBERED_SESSIONS,
  REMEMBERED_VISITORS,
  SessionPhases,
  UNHELD_MS,
  WriterMemory,
} from "../../worker/queue/click-rules";
import { DEAD_LETTER_AFTER_ATTEMPTS } from "../../worker/queue/consumer";
import { writeClicks } from "../../worker/queue/record";
import wranglerToml from "../../wrangler.toml?raw";
import {
  cloudflareCalls,
  failAtCloudflare,
  healCloudflare,
  heldAtCloudflare,
  setAtCloudflare,
} from "./cloudflare-fake";
import {
  apiCallWith,
  type Client,
  coldShardWriters,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  everyD1,
  fetchWorker,
  HUMAN,
  loggedEvents,
  ORIGIN,
  runCron,
  shardOf,
  shardWritersUsing,
  uniqueIp,
  verifiedClient,
  writersReportingCalls,
} from "./helpers";
import { click, conversion, count, deliver, deliverUntilSettled, newTestId, rollup } from "./queue-helpers";

// Faults are injected by wrapping the real bindings (local D1, KV and Queues stay real underneath)
// and by the fake Cloudflare at the HTTP boundary.

let restoreShardWriters: (() => Promise<void>) | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await restoreShardWriters?.();
  restoreShardWriters = undefined;
});

/** The bindings of a fault, in the consumer's hands and in the shards' writers' (which write the clicks). */
async function faulty(bindings: Partial<Env>): Promise<Env> {
  restoreShardWriters = await shardWritersUsing(bindings);
  return { ...env, ...bindings };
}

/** The real D1, whose first `failures` batch calls fail as if D1 were overloaded; `seen` counts the calls. */
function d1FailingFirst(failures: number, seen = { calls: 0 }) {
  return everyD1(
    (db) =>
      new Proxy(db, {
        get(target, property) {
          if (property === "batch")
            return (statements: D1PreparedStatement[]) => {
              seen.calls += 1;
              return seen.calls <= failures
                ? Promise.reject(new Error("D1_ERROR: overloaded"))
                : target.batch(statements);
            };
          return Reflect.get(target, property).bind(target);
        },
      }),
  );
}

/** The real D1, failing every batch that writes a statement bound to one of `poisons` (say, event ids). */
function d1FailingFor(...poisons: string[]) {
  const poisoned = new WeakSet<D1PreparedStatement>();
  return everyD1(
    (db) =>
      new Proxy(db, {
        get(target, property) {
          if (property === "prepare")
            return (query: string) => {
              const statement = target.prepare(query);
              return new Proxy(statement, {
                get(inner, name) {
                  if (name !== "bind") return Reflect.get(inner, name).bind(inner);
                  return (...values: unknown[]) => {
                    const bound = inner.bind(...values);
                    // Events travel one by one or together as one JSON parameter.
                    if (
                      !values.some(
                        (value) => typeof value === "string" && poisons.some((p) => value.includes(p)),
                      )
                    )
                      return bound;
                    const refused = new Proxy(bound, {
                      get(statement, method) {
                        if (["run", "all", "first", "raw"].includes(String(method)))
                          return () => Promise.reject(new Error("D1_ERROR: constraint failed"));
                        return Reflect.get(statement, method).bind(statement);
                      },
                    });
                    poisoned.add(refused);
                    return refused;
                  };
                },
              });
            };
          if (property === "batch")
            return (statements: D1PreparedStatement[]) =>
              statements.some((s) => poisoned.has(s))
                ? Promise.reject(new Error("D1_ERROR: constraint failed"))
                : target.batch(statements);
          return Reflect.get(target, property).bind(target);
        },
      }),
  );
}

/** A queue that records what is sent to it instead of sending it. */
function recordingQueue() {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => {
      sent.push(body);
    },
    sendBatch: async () => {},
  } as unknown as Queue;
  return { queue, sent };
}

/** The real queue, whose sends are refused. */
const refusingQueue = new Proxy(env.CLICKS, {
  get(target, property) {
    if (property === "send" || property === "sendBatch")
      return () => Promise.reject(new Error("Queue send failed: 503"));
    return Reflect.get(target, property).bind(target);
  },
});

/** KV that is down: every call throws. */
const brokenKv = new Proxy(env.LINKS, {
  get() {
    return () => Promise.reject(new Error("KV GET failed: 503 Service Unavailable"));
  },
});

/** A request to the Worker with other bindings, its background work awaited. */
const fetchWith = (bindings: Env, url: string, init: RequestInit = {}) =>
  fetchWorker(url, init, { bindings });

async function clicksOf(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare("SELECT id, variant, session_id FROM clicks WHERE split_test_id = ?")
    .bind(testId)
    .all<{ id: string; variant: string; session_id: string }>();
  return results;
}

describe("the queue consumer under faults", () => {
  it("retries while D1 fails for the first deliveries, then has every event exactly once", async () => {
    const testId = await newTestId();
    const visitors = Array.from({ length: 6 }, (_, i) => click(testId, { variant: i % 2 === 0 ? "A" : "B" }));
    const events = [
      ...visitors,
      click(testId, { sessionId: visitors[0]?.sessionId }),
      conversion(testId, visitors[1]?.sessionId ?? ""),
    ];
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // The batch's write and both its halves fail: all are delivered again together, and land once D1
    // answers.
    const deliveries = await deliverUntilSettled(events, await faulty(d1FailingFirst(4)));
    expect(deliveries).toBeGreaterThan(1);

    const rows = await clicksOf(testId);
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.id)).size).toBe(7);
    expect(rows.map((r) => r.id).sort()).toEqual(
      events
        .filter((e) => e.type === "click")
        .map((e) => e.id)
        .sort(),
    );
    expect(await count("conversions", testId)).toBe(1);
    expect(await rollup(testId)).toEqual([
      { variant: "A", clicks: 4, visitors: 3, conversions: 0 },
      { variant: "B", clicks: 3, visitors: 3, conversions: 1 },
    ]);
  });

  it("lands the good events of a batch and retries alone the one D1 refuses", async () => {
    const testId = await newTestId();
    const poison = click(testId);
    const good = [click(testId), click(testId, { variant: "B" }), click(testId)];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { result, error } = await deliver(
      [good[0], poison, good[1], good[2]],
      1,
      await faulty(d1FailingFor(poison.id)),
    );
    expect(error).toBeUndefined();
    expect(result.explicitAcks.sort()).toEqual(["m0", "m2", "m3"]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m1"]);
    expect((await clicksOf(testId)).map((r) => r.id).sort()).toEqual(good.map((e) => e.id).sort());
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "tracking_event_retried", messageId: "m1" }),
    );
  });

  it("delivers a batch again whole while its shard refuses every write: three writes, whatever its size", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const callsFor = async (size: number) => {
      const testId = await newTestId();
      const events = Array.from({ length: size }, () => click(testId));
      const seen = { calls: 0 };
      const down = await faulty(d1FailingFirst(Number.POSITIVE_INFINITY, seen));
      const { result, error } = await deliver(events, 1, down);
      await restoreShardWriters?.();
      expect(error).toBeUndefined();
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(size);
      expect(await clicksOf(testId)).toEqual([]);
      return seen.calls;
    };
    // The write of all and of each half. A write of each event alone, as before, was 15 writes for 8
    // events and 79 for 40: two for each event, every one refused.
    expect(await callsFor(8)).toBe(3);
    expect(await callsFor(40)).toBe(3);
  });

  it("sends an event D1 refuses every time to the dead-letter queue on its last attempt, logged", async () => {
    const testId = await newTestId();
    const poison = click(testId);
    const good = click(testId);
    const deadLetters = recordingQueue();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const bindings = { ...(await faulty(d1FailingFor(poison.id))), DEAD_LETTERS: deadLetters.queue };
    const { result } = await deliver([poison, good], DEAD_LETTER_AFTER_ATTEMPTS, bindings);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(result.retryMessages).toEqual([]);
    expect((await clicksOf(testId)).map((r) => r.id)).toEqual([good.id]);
    expect(deadLetters.sent).toEqual([
      { messageId: "m0", reason: expect.stringContaining("constraint failed"), body: poison },
    ]);
    expect(loggedEvents(error)).toContainEqual(
      expect.objectContaining({ event: "tracking_event_dead_lettered", messageId: "m0" }),
    );
  });

  it("writes each event alone on its last delivery, so two it refuses in both halves take no other along", async () => {
    const testId = await newTestId();
    const [first, second] = [click(testId), click(testId)];
    const good = [click(testId), click(testId)];
    // Each half holds one the shard refuses: both halves fail, as they do when the shard is down.
    const batch = [first, good[0], good[1], second];
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refusing = await faulty(d1FailingFor(first.id, second.id));
    const before = await deliver(batch, 1, refusing);
    expect(before.result.retryMessages.map((m) => m.msgId).sort()).toEqual(["m0", "m1", "m2", "m3"]);
    expect(await clicksOf(testId)).toEqual([]);

    const deadLetters = recordingQueue();
    const last = await deliver(batch, DEAD_LETTER_AFTER_ATTEMPTS, {
      ...refusing,
      DEAD_LETTERS: deadLetters.queue,
    });
    expect(last.result.explicitAcks.sort()).toEqual(["m0", "m1", "m2", "m3"]);
    expect((await clicksOf(testId)).map((r) => r.id).sort()).toEqual(good.map((e) => e.id).sort());
    expect(deadLetters.sent.map((letter) => (letter as { messageId: string }).messageId).sort()).toEqual([
      "m0",
      "m3",
    ]);
  });

  it("sends a malformed message to the dead-letter queue, logged, and takes the rest", async () => {
    const testId = await newTestId();
    const deadLetters = recordingQueue();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const poison = { type: "click", id: 42, testId };
    const { result } = await deliver([click(testId), poison, click(testId)], 1, {
      ...env,
      DEAD_LETTERS: deadLetters.queue,
    });
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1", "m2"]);
    expect(await count("clicks", testId)).toBe(2);
    expect(deadLetters.sent).toEqual([{ messageId: "m1", reason: expect.any(String), body: poison }]);
    expect(loggedEvents(error)).toContainEqual(
      expect.objectContaining({ event: "tracking_event_dead_lettered", messageId: "m1" }),
    );
  });

  it("is configured with a dead-letter queue for what fails every retry", () => {
    const consumer = wranglerToml.slice(wranglerToml.indexOf("[[queues.consumers]]"));
    const dlq = consumer.match(/dead_letter_queue = "([^"]+)"/)?.[1];
    expect(dlq).toBeTruthy();
    // Cloudflare must not give up on a message before the consumer dead-letters it itself.
    expect(Number(consumer.match(/max_retries = (\d+)/)?.[1])).toBeGreaterThanOrEqual(
      DEAD_LETTER_AFTER_ATTEMPTS,
    );
    // The consumer's own binding for malformed messages writes to the same queue.
    expect(wranglerToml).toMatch(new RegExp(`binding = "DEAD_LETTERS"\\s+queue = "${dlq}"`));
  });
});

type D1Bindings = Pick<Env, "DB" | "EVENTS_0" | "EVENTS_1">;

/**
 * The D1s of `of`, each write (a batch that inserts: a write's rules read D1 in a batch of their own
 * first) going through `write` with its number (1 for the first) and the real write to run.
 */
function d1Writes(
  of: D1Bindings,
  write: (nth: number, run: () => Promise<D1Result[]>) => Promise<D1Result[]>,
) {
  let writes = 0;
  const inserting = new WeakSet<D1PreparedStatement>();
  const wrap = (db: D1Database) =>
    new Proxy(db, {
      get(target, property) {
        if (property === "prepare")
          return (query: string) => {
            const statement = target.prepare(query);
            if (!/\bINSERT\b/.test(query)) return statement;
            return new Proxy(statement, {
              get(inner, name) {
                if (name !== "bind") return Reflect.get(inner, name).bind(inner);
                return (...values: unknown[]) => {
                  const bound = inner.bind(...values);
                  inserting.add(bound);
                  return bound;
                };
              },
            });
          };
        if (property === "batch")
          return (statements: D1PreparedStatement[]) =>
            statements.some((statement) => inserting.has(statement))
              ? write(++writes, () => target.batch(statements))
              : target.batch(statements);
        return Reflect.get(target, property).bind(target);
      },
    });
  return everyD1(wrap, of);
}

/** The real D1, counting its writes, whose first write waits until `release` is called. */
function d1HoldingFirstWrite(of: D1Bindings = env) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const writes = { count: 0 };
  const bindings = d1Writes(of, async (nth, run) => {
    writes.count = nth;
    if (nth === 1) await released;
    return run();
  });
  return { bindings, writes, release };
}

/** The real D1, whose first write commits and then answers an error: a crash before the answer. */
const d1LosingFirstAnswer = () =>
  d1Writes(env, async (nth, run) => {
    const results = await run();
    if (nth === 1) throw new Error("D1_ERROR: Network connection lost.");
    return results;
  });

/** How many callers' clicks wait for the shard's writer to finish its write in progress. */
async function waitingAt(shard: string): Promise<number> {
  return runInDurableObject(
    shardWriter(env, shard),
    (instance) => (instance as unknown as { handed: unknown[] }).handed.length,
  );
}

describe("the shard's one writer", () => {
  it("holds the redirect's clicks for CLICK_HOLD_SECONDS, and writes those of several calls together", async () => {
    const { client } = await verifiedClient();
    const test = await createTest(client);
    const { bindings, writes, release } = d1HoldingFirstWrite();
    release();
    restoreShardWriters = await shardWritersUsing(bindings);
    const held = { ...env, CLICK_HOLD_SECONDS: 1 };
    const visit = () => fetchWith(held, `${ORIGIN}/r/${test.slug}`, { headers: HUMAN });
    // Two visits 300 ms apart: two calls to the writer (each after the redirect's own window, a fifth
    // of the hold: 200 ms).
    const started = Date.now();
    const responses = await Promise.all([
      visit(),
      new Promise((resolve) => setTimeout(resolve, 300)).then(visit),
    ]);
    expect(responses.map((response) => response.status)).toEqual([302, 302]);
    // The requests' background work ended once their clicks were written: one write, after the hold.
    expect(writes.count).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await clicksOf(test.id)).toHaveLength(2);
  });

  it("gathers an isolate's clicks for a fifth of the writer's hold and hands them over in one call", async () => {
    const { client } = await verifiedClient();
    const test = await createTest(client);
    const calls: number[] = [];
    const writers = writersReportingCalls(env.SHARD_WRITERS, (clicks) => calls.push(clicks));
    // A hold of 2 s: the isolate's window is 400 ms, so visits 250 ms apart (past a 100 ms window) go
    // together.
    const held = { ...env, CLICK_HOLD_SECONDS: 2, SHARD_WRITERS: writers };
    const visit = (after: number) =>
      new Promise((resolve) => setTimeout(resolve, after)).then(() =>
        fetchWith(held, `${ORIGIN}/r/${test.slug}`, {
          headers: { ...HUMAN, "CF-Connecting-IP": uniqueIp() },
        }),
      );
    const responses = await Promise.all([visit(0), visit(250)]);
    expect(responses.map((response) => response.status)).toEqual([302, 302]);
    expect(calls).toEqual([2]);
    expect(await clicksOf(test.id)).toHaveLength(2);
  });

  it("writes the clicks handed over during a write together in the next, answering each once written", async () => {
    const testId = await newTestId();
    const shard = await shardOf(testId);
    const { bindings, writes, release } = d1HoldingFirstWrite();
    await shardWritersUsing(bindings).then((restore) => {
      restoreShardWriters = restore;
    });
    const first = deliver([click(testId), click(testId)]);
    await eventually(async () => writes.count === 1);
    const later = [
      deliver([click(testId, { variant: "B" })]),
      deliver([click(testId), click(testId, { variant: "B" })]),
    ];
    await eventually(async () => (await waitingAt(shard)) === 2);
    release();
    for (const { result, error } of await Promise.all([first, ...later])) {
      expect(error).toBeUndefined();
      expect(result.retryMessages).toEqual([]);
    }
    // Two D1 transactions for three consumer batches: the two that came during the first, together.
    expect(writes.count).toBe(2);
    expect(await rollup(testId)).toEqual([
      { variant: "A", clicks: 3, visitors: 3, conversions: 0 },
      { variant: "B", clicks: 2, visitors: 2, conversions: 0 },
    ]);
  });

  it("reads an hour again once a write's answer is lost after it committed: no address passes its sessions", async () => {
    const testId = await newTestId();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const bindings = await faulty(d1LosingFirstAnswer());
    const at = Date.now();
    const sessions = Array.from({ length: SESSIONS_PER_ADDRESS_HOUR }, () =>
      click(testId, { source: "flood", timestamp: at }),
    );
    // The writer learns the hour, writes the address's sessions and hears an error: the consumer writes
    // them again, and the ids in D1 keep them from counting twice.
    await deliverUntilSettled(sessions, bindings);
    await deliverUntilSettled([click(testId, { source: "flood", timestamp: at })], bindings);
    expect(await rollup(testId)).toEqual([
      {
        variant: "A",
        clicks: SESSIONS_PER_ADDRESS_HOUR,
        visitors: SESSIONS_PER_ADDRESS_HOUR,
        conversions: 0,
      },
    ]);
    expect(await count("clicks", testId)).toBe(SESSIONS_PER_ADDRESS_HOUR + 1);
  });

  it("decides as a warm writer does once it wakes in the middle of an hour: the hour is read from D1", async () => {
    const testId = await newTestId();
    const at = Date.now();
    const sessions = (n: number) =>
      Array.from({ length: n }, () => click(testId, { source: "flood", timestamp: at }));
    const first = sessions(20);
    await deliverUntilSettled(first, env);
    // The object is evicted or restarted: what it remembered is gone.
    await coldShardWriters();
    // A session counted before comes back, then 15 new ones: 10 more fit in the address's hour.
    await deliverUntilSettled(
      [click(testId, { ...first[0], id: crypto.randomUUID() }), ...sessions(15)],
      env,
    );
    expect(await rollup(testId)).toEqual([
      {
        variant: "A",
        clicks: SESSIONS_PER_ADDRESS_HOUR + 1,
        visitors: SESSIONS_PER_ADDRESS_HOUR,
        conversions: 0,
      },
    ]);
    expect(await count("clicks", testId)).toBe(36);
  });

  it("keeps a writer's rules when another object writes its shard meanwhile: each write fenced by the other's claim", async () => {
    const testId = await newTestId();
    const shard = await shardOf(testId);
    // Two objects handed the same shard's clicks, as during a deploy that gives the shard to another.
    const [first, second] = ["fenced-first", "fenced-second"].map((name) =>
      env.SHARD_WRITERS.get(env.SHARD_WRITERS.idFromName(name)),
    );
    const returning = click(testId, { sessionId: crypto.randomUUID() });
    expect(await first?.writeClicks(shard, [click(testId)])).toBeNull();
    // The second writes a new visitor the first has not seen, though it holds the test's sessions.
    expect(await second?.writeClicks(shard, [returning])).toBeNull();
    // The visitor comes back through the first: one visitor, not a new one.
    expect(await first?.writeClicks(shard, [{ ...returning, id: crypto.randomUUID() }])).toBeNull();
    expect(await rollup(testId)).toEqual([{ variant: "A", clicks: 3, visitors: 2, conversions: 0 }]);
    // And the second, fenced in turn, counts its next click of the same visitor once too.
    expect(await second?.writeClicks(shard, [{ ...returning, id: crypto.randomUUID() }])).toBeNull();
    expect(await rollup(testId)).toEqual([{ variant: "A", clicks: 4, visitors: 2, conversions: 0 }]);
  });

  it("gives EVENTS_1's clicks to EVENTS_0's object with SHARDS_PER_WRITER 2, and DB's to its own", async () => {
    expect(env.SHARDS_PER_WRITER).toBe(2);
    expect(
      ["EVENTS_0", "EVENTS_1", "EVENTS_2", "EVENTS_3", "DB"].map((shard) => writerName(shard, 2)),
    ).toEqual(["EVENTS_0", "EVENTS_0", "EVENTS_2", "EVENTS_2", "DB"]);
    expect(writerName("EVENTS_1", 1)).toBe("EVENTS_1");
    // New tests go to the shard with the fewest running: one of a few lands on EVENTS_1.
    const { client } = await verifiedClient();
    let test = await createTest(client);
    for (let tries = 0; tries < 5 && (await shardOf(test.id)) !== "EVENTS_1"; tries += 1)
      test = await createTest(client);
    expect(await shardOf(test.id)).toBe("EVENTS_1");
    await coldShardWriters();
    await fetchWith(env, `${ORIGIN}/r/${test.slug}`, { headers: HUMAN });
    await eventually(async () => (await clicksOf(test.id)).length === 1);
    const written = await runInDurableObject(
      env.SHARD_WRITERS.get(env.SHARD_WRITERS.idFromName("EVENTS_0")),
      (instance) => [...(instance as unknown as { claims: Map<string, number> }).claims.keys()],
    );
    expect(written).toEqual(["EVENTS_1"]);
  });

  it("forgets the hours it used longest ago once it holds more sessions than it may, to read them again", () => {
    const remembered = new AddressHours();
    const hourOf = (pair: string, sessions: number) =>
      Array.from({ length: sessions }, (_, i) => ({
        pair,
        source: `a${i % 1000}`,
        session: `s${i}`,
        phase: 1,
        variant: "A",
      }));
    const half = REMEMBERED_SESSIONS / 2 + 1;
    remembered.learn(["older"], hourOf("older", half));
    remembered.learn(["newer"], hourOf("newer", half));
    remembered.written([]);
    expect(remembered.isMarked("older", "a1", "s1", 1, "A")).toBe(false);
    expect(remembered.isMarked("newer", "a1", "s1", 1, "A")).toBe(true);
    expect(remembered.missing(["older", "newer"])).toEqual(["older"]);
  });

  it("holds each test's sessions up to its bound, the tests used last, and asks D1 for a test it does not hold", () => {
    const sessions = new SessionPhases();
    const counted = (n: number, phase = 1) =>
      Array.from({ length: n }, (_, i) => ({ session: `s${i}`, phase }));
    const quarter = REMEMBERED_VISITORS / 4;
    const now = Date.now();
    for (const testId of ["oldest", "b", "c", "d", "newest"]) sessions.learn(testId, counted(quarter), now);
    expect(sessions.holds("oldest")).toBe(false);
    expect(sessions.phasesOf("newest", "s1")).toEqual(new Set([1]));
    expect(sessions.phasesOf("newest", `s${quarter}`)).toBeUndefined();
    // Forgotten for room, it is asked of D1 for an hour before it is read whole again: tests that do not
    // fit together are not each read whole on every write.
    expect(sessions.missing(["oldest", "b"], now + 1)).toEqual([]);
    expect(sessions.missing(["oldest"], now + UNHELD_MS + 1)).toEqual(["oldest"]);
    // A test of more than a quarter of the bound is not held, nor read whole again for an hour.
    sessions.learn("huge", counted(quarter + 1), now);
    expect(sessions.holds("huge")).toBe(false);
    expect(sessions.holds("newest")).toBe(true);
    expect(sessions.missing(["huge"], now + 1)).toEqual([]);
    // A session's phases are bits: a test past them is not held, and goes to D1.
    sessions.learn("long", counted(1, 31));
    expect(sessions.holds("long")).toBe(false);
  });

  it.each([
    ["holds the test: read whole, then answered from memory", 1],
    ["does not hold a test past the phases a session's bits hold: asked of D1", 31],
  ])("counts a returning visitor once when it %s", async (_, phase) => {
    const testId = await newTestId();
    const db = eventsDb(env, await shardOf(testId));
    await db.prepare("UPDATE split_tests SET phase = ?2 WHERE id = ?1").bind(testId, phase).run();
    const visitor = click(testId);
    const memory = new WriterMemory();
    await writeClicks(db, [visitor], memory);
    for (let i = 0; i < 3; i++)
      await writeClicks(db, [click(testId, { ...visitor, id: crypto.randomUUID() })], memory);
    expect(memory.sessions.holds(testId)).toBe(phase === 1);
    expect(await rollup(testId)).toEqual([{ variant: "A", clicks: 4, visitors: 1, conversions: 0 }]);
  });

  it("writes each caller's clicks alone when one of them fails the write of all: only its caller retries", async () => {
    const testId = await newTestId();
    const shard = await shardOf(testId);
    const poison = click(testId);
    // The first write is held (and lands); the poison then fails the write it shares with the good click.
    const held = d1HoldingFirstWrite(d1FailingFor(poison.id));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const consumerBindings = await faulty(held.bindings);
    const first = deliver([click(testId)], 1, consumerBindings);
    await eventually(async () => held.writes.count === 1);
    const good = click(testId, { variant: "B" });
    const later = [deliver([poison], 1, consumerBindings), deliver([good], 1, consumerBindings)];
    await eventually(async () => (await waitingAt(shard)) === 2);
    held.release();
    const [once, poisoned, other] = await Promise.all([first, ...later]);
    expect(once?.result.explicitAcks).toEqual(["m0"]);
    expect(poisoned?.result.retryMessages.map((m) => m.msgId)).toEqual(["m0"]);
    expect(other?.result.explicitAcks).toEqual(["m0"]);
    expect((await clicksOf(testId)).map((row) => row.id)).not.toContain(poison.id);
    expect(await rollup(testId)).toEqual([
      { variant: "A", clicks: 1, visitors: 1, conversions: 0 },
      { variant: "B", clicks: 1, visitors: 1, conversions: 0 },
    ]);
  });
});

describe("the redirect under faults", () => {
  it("still redirects and records the click when its shard's writer and then the queue refuse it", async () => {
    const { client } = await verifiedClient();
    const test = await createTest(client);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // The writer's D1 refuses its first write, the redirect's clicks; the queue refuses them next.
    restoreShardWriters = await shardWritersUsing(d1FailingFirst(1));
    const response = await fetchWith({ ...env, CLICKS: refusingQueue }, `${ORIGIN}/r/${test.slug}`, {
      headers: HUMAN,
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect([test.urlA, test.urlB]).toContain(`${location.origin}${location.pathname}`);
    // Written before the request's background work ended: no queue involved.
    const rows = await clicksOf(test.id);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        variant: location.searchParams.get("variant"),
        session_id: location.searchParams.get("sessionId"),
      },
    ]);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "click_write_refused", clicks: 1, fallback: "queue" }),
    );
    expect(loggedEvents(error)).toContainEqual(
      expect.objectContaining({ event: "queue_send_failed", clicks: 1, conversions: 0 }),
    );
  });

  it("records a click through the queue when its shard's writer refuses it", async () => {
    const { client } = await verifiedClient();
    const test = await createTest(client);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    restoreShardWriters = await shardWritersUsing(d1FailingFirst(1));
    const response = await fetchWith(env, `${ORIGIN}/r/${test.slug}`, { headers: HUMAN });
    expect(response.status).toBe(302);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "click_write_refused", clicks: 1, fallback: "queue" }),
    );
    // The consumer takes it from the queue and hands it to the writer again, whose D1 now takes it.
    await eventually(async () => (await clicksOf(test.id)).length === 1);
  });

  it("still counts a conversion directly in D1 when the queue refuses the beacon's event", async () => {
    const testId = await newTestId();
    const visitor = click(testId, { variant: "B" });
    await deliver([visitor]);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchWith(
      { ...env, CLICKS: refusingQueue },
      `${ORIGIN}/functions/v1/conversions`,
      {
        method: "POST",
        headers: {
          "content-type": "text/plain",
          origin: "https://shop.example",
          "cf-connecting-ip": "192.0.2.200",
        },
        body: JSON.stringify({ splitTestId: testId, sessionId: visitor.sessionId, variant: "B" }),
      },
    );
    expect(response.status).toBe(202);
    expect(await count("conversions", testId)).toBe(1);
  });

  it("serves the link from D1 when KV is down", async () => {
    const { client } = await verifiedClient();
    const test = await createTest(client);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await fetchWith({ ...env, LINKS: brokenKv }, `${ORIGIN}/r/${test.slug}`, {
      headers: HUMAN,
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect([test.urlA, test.urlB]).toContain(`${location.origin}${location.pathname}`);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "kv_read_failed", key: `link:${test.slug}` }),
    );
  });

  it("serves a custom domain's link from D1 when KV is down", async () => {
    const { hostname, test } = await verifiedDomainWithTest();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await fetchWith({ ...env, LINKS: brokenKv }, `https://${hostname}/offer`, {
      headers: HUMAN,
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect([test.urlA, test.urlB]).toContain(`${location.origin}${location.pathname}`);
  });
});

// --- the link cache while KV is down ---

const runCacheRepair = (bindings: Env = env) => runCron(CRONS.repairCache, bindings);
const cachedLink = (key: string) => env.LINKS.get<{ status: string }>(key, "json");

async function repairsNoted(key: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM cache_repairs WHERE key = ?")
    .bind(key)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A new user's test whose link is in KV, as a visit would find it. */
async function testInKv() {
  const { client } = await verifiedClient();
  const test = await createTest(client);
  const key = `link:${test.slug}`;
  expect(await eventually(() => cachedLink(key))).toMatchObject({ status: "active" });
  return { client, test, key };
}

describe("the link cache while KV is down", () => {
  it("pauses the test all the same, and the cron brings the link in line once KV is back", async () => {
    const { client, test, key } = await testInKv();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const paused = await apiCallWith(
      { ...env, LINKS: brokenKv },
      client,
      "POST",
      `/api/tests/${test.id}/pause`,
    );
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { test: { status: string } }).test.status).toBe("paused");
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "kv_write_failed", keys: [key], next: "repair_by_cron" }),
    );
    // KV still holds the live link: without a repair the visitors' clicks would go on counting.
    expect(await cachedLink(key)).toMatchObject({ status: "active" });
    expect(await repairsNoted(key)).toBe(1);

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCacheRepair();
    expect(await cachedLink(key)).toMatchObject({ status: "paused" });
    expect(await repairsNoted(key)).toBe(0);
    const visit = await fetchWith(env, `${ORIGIN}/r/${test.slug}`, { headers: HUMAN });
    expect(visit.status).toBe(302);
    expect(visit.headers.getSetCookie()).toEqual([]);
  });

  it("deletes the test all the same, and the cron takes its link down once KV is back", async () => {
    const { client, test, key } = await testInKv();
    vi.spyOn(console, "warn").mockImplementation(() => {});

    const deleted = await apiCallWith({ ...env, LINKS: brokenKv }, client, "DELETE", `/api/tests/${test.id}`);
    expect(deleted.status).toBe(200);
    expect((await client.fetch(`/api/tests/${test.slug}`)).status).toBe(404);
    expect(await cachedLink(key)).not.toBeNull();

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCacheRepair();
    expect(await cachedLink(key)).toBeNull();
    expect((await fetchWith(env, `${ORIGIN}/r/${test.slug}`, { headers: HUMAN })).status).toBe(404);
  });

  it("takes a deleted domain's links down once KV is back", async () => {
    const { client, hostname, domain } = await verifiedDomainWithTest();
    expect((await fetchWith(env, `https://${hostname}/offer`, { headers: HUMAN })).status).toBe(302);
    vi.spyOn(console, "warn").mockImplementation(() => {});

    const deleted = await apiCallWith(
      { ...env, LINKS: brokenKv },
      client,
      "DELETE",
      `/api/domains/${domain.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(await env.LINKS.get(`host:${hostname}`)).not.toBeNull();

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCacheRepair();
    expect(await env.LINKS.get(`host:${hostname}`)).toBeNull();
    expect(await env.LINKS.get(`link:${domain.id}:offer`)).toBeNull();
    expect((await fetchWith(env, `https://${hostname}/offer`, { headers: HUMAN })).status).toBe(404);
  });

  it("lets a domain verified while KV was down redirect once the cron has run", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    const domain = await addedDomain(client, hostname);
    // A visit before verification caches the domain as not verified yet.
    const early = await fetchWith(env, `https://${hostname}/offer`, { headers: HUMAN });
    expect(early.status).toBe(404);
    expect(await early.text()).toContain(REDIRECT_MESSAGES.domainNotVerified(hostname));
    await eventually(() => env.LINKS.get(`host:${hostname}`));
    await setAtCloudflare(hostname, { status: "active", sslStatus: "active" });
    vi.spyOn(console, "warn").mockImplementation(() => {});

    const verified = await apiCallWith(
      { ...env, LINKS: brokenKv },
      client,
      "POST",
      `/api/domains/${domain.id}/verify`,
    );
    expect(((await verified.json()) as VerifyDomainResponse).verified).toBe(true);
    expect(await env.LINKS.get(`host:${hostname}`, "json")).toMatchObject({ status: "new" });
    await createTest(client, { customDomainId: domain.id, customSlug: "offer" });

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCacheRepair();
    expect(await env.LINKS.get(`host:${hostname}`, "json")).toEqual({ id: domain.id, status: "active" });
    expect((await fetchWith(env, `https://${hostname}/offer`, { headers: HUMAN })).status).toBe(302);
  });

  it("keeps the repairs for the next run while KV is still down", async () => {
    const { client, test, key } = await testInKv();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await apiCallWith({ ...env, LINKS: brokenKv }, client, "POST", `/api/tests/${test.id}/pause`);

    await runCacheRepair({ ...env, LINKS: brokenKv });
    expect(await repairsNoted(key)).toBe(1);
    expect(loggedEvents(warn)).toContainEqual(expect.objectContaining({ event: "kv_repaired", repaired: 0 }));

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCacheRepair();
    expect(await repairsNoted(key)).toBe(0);
    expect(await cachedLink(key)).toMatchObject({ status: "paused" });
  });

  it("rewrites a key again on the next run when the test changed while it was repaired", async () => {
    const { client, test, key } = await testInKv();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    await apiCallWith({ ...env, LINKS: brokenKv }, client, "POST", `/api/tests/${test.id}/pause`);

    // The user resumes the test while the cron writes the paused state, and the resume's KV write
    // lands first: the cron's older state would win without a second look at D1.
    const resumingDuringThePut = new Proxy(env.LINKS, {
      get(target, property) {
        if (property !== "put") return Reflect.get(target, property).bind(target);
        // Only when the link's own key is written (the repair may rewrite other noted keys too).
        return async (putKey: string, value: string) => {
          if (putKey === key) await client.json("POST", `/api/tests/${test.id}/resume`);
          await target.put(putKey, value);
        };
      },
    });
    await runCacheRepair({ ...env, LINKS: resumingDuringThePut });
    expect(await cachedLink(key)).toMatchObject({ status: "paused" });
    expect(await repairsNoted(key)).toBe(1);

    await runCacheRepair();
    expect(await cachedLink(key)).toMatchObject({ status: "active" });
    expect(await repairsNoted(key)).toBe(0);
  });
});

// --- custom domains while Cloudflare fails ---

const uniqueDomain = () => `cf-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`;

async function addedDomain(client: Client, domain: string): Promise<CustomDomain> {
  const response = await client.json("POST", "/api/domains", { domain });
  if (response.status !== 201) throw new Error(`add failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { domain: CustomDomain }).domain;
}

/** A new user's verified custom domain with a test on its path `/offer`. */
async function verifiedDomainWithTest() {
  const { client } = await verifiedClient();
  const hostname = uniqueDomain();
  const domain = await addedDomain(client, hostname);
  await setAtCloudflare(hostname, { status: "active", sslStatus: "active" });
  await client.json("POST", `/api/domains/${domain.id}/verify`);
  const test = await createTest(client, { customDomainId: domain.id, customSlug: "offer" });
  return { client, hostname, domain, test };
}

async function domainRows(domain: string) {
  const { results } = await env.DB.prepare("SELECT id, status FROM custom_domains WHERE domain = ?")
    .bind(domain)
    .all<{ id: string; status: string }>();
  return results;
}

describe("adding a domain while Cloudflare fails", () => {
  it.each([
    ["an outage page", { method: "POST", status: 503, body: "<html>503 Service Unavailable</html>" }],
    ["a dropped connection", { method: "POST", status: 0, drop: true }],
  ])("answers %s with a clear error and keeps neither row nor hostname", async (_, failure) => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    await failAtCloudflare(hostname, failure);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await client.json("POST", "/api/domains", { domain: hostname });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toMatch(/^(Cloudflare|Could not reach Cloudflare)/);
    expect(await domainRows(hostname)).toEqual([]);
    expect(await heldAtCloudflare(hostname)).toBe(false);
  });

  it("removes the hostname Cloudflare created when its answer was lost, so row and zone agree", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    await failAtCloudflare(hostname, {
      method: "POST",
      status: 504,
      body: "<html>504 Gateway Timeout</html>",
      applied: true,
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await client.json("POST", "/api/domains", { domain: hostname });
    expect(response.status).toBe(502);
    expect(await domainRows(hostname)).toEqual([]);
    expect(await heldAtCloudflare(hostname)).toBe(false);
    expect((await cloudflareCalls(hostname)).map((c) => c.method)).toEqual(["POST", "GET", "DELETE"]);

    await healCloudflare(hostname);
    const domain = await addedDomain(client, hostname);
    expect(await domainRows(hostname)).toEqual([{ id: domain.id, status: "new" }]);
    expect(await heldAtCloudflare(hostname)).toBe(true);
  });

  it("gives up on a Cloudflare that does not answer within 10 s, leaving nothing behind", {
    timeout: 30_000,
  }, async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    await failAtCloudflare(hostname, { method: "POST", status: 504, applied: true, delayMs: 12_000 });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await client.json("POST", "/api/domains", { domain: hostname });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe(DOMAIN_MESSAGES.cloudflareUnreachable);
    expect(await domainRows(hostname)).toEqual([]);
    expect(await heldAtCloudflare(hostname)).toBe(false);
  });

  it("adopts a hostname it could not remove when the domain is added again", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    // Every call about the hostname fails, the cleanup too; the create went through all the same.
    await failAtCloudflare(hostname, { status: 503, body: "<html>down</html>", applied: true });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await client.json("POST", "/api/domains", { domain: hostname })).status).toBe(502);
    expect(await domainRows(hostname)).toEqual([]);
    expect(await heldAtCloudflare(hostname)).toBe(true);

    await healCloudflare(hostname);
    const domain = await addedDomain(client, hostname);
    const stored = await env.DB.prepare("SELECT cf_hostname_id FROM custom_domains WHERE id = ?")
      .bind(domain.id)
      .first<{ cf_hostname_id: string }>();
    expect(stored?.cf_hostname_id).toBeTruthy();
    expect((await cloudflareCalls(hostname)).filter((c) => c.method === "DELETE")).toEqual([]);
  });
});

describe("verifying a domain while Cloudflare fails", () => {
  it.each([
    ["an outage page", { method: "GET", status: 503, body: "<html>503</html>" }],
    ["a dropped connection", { method: "GET", status: 0, drop: true }],
  ])("answers %s with a clear verification error and changes nothing", async (_, failure) => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    const domain = await addedDomain(client, hostname);
    await failAtCloudflare(hostname, failure);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await client.json("POST", `/api/domains/${domain.id}/verify`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as VerifyDomainResponse;
    expect(body.verified).toBe(false);
    expect(body.message).toMatch(/^Verification error: (Cloudflare|Could not reach Cloudflare)/);
    expect(await domainRows(hostname)).toEqual([{ id: domain.id, status: domain.status }]);
    expect(await heldAtCloudflare(hostname)).toBe(true);
  });
});
