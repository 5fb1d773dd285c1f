import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { clickOfHour, eachClicks, HOUR_MS, packed, sessionClicks } from "../db/click-packs";
import { checkedSessionBytes } from "../db/session-bytes";
import type { ClickEvent } from "./events";

// The counting rules of a batch of clicks, decided once, in code, from what the shard's D1 holds
// (bench/RESULTS.md §30: re-deriving them in each SQL statement of a write cost more than it saved). The
// shard's one writer (worker/queue/shard-writer.ts) reads, decides and writes with nothing in between
// that could change these clicks' rows; the write's statements check the test again (deleted or
// completed meanwhile). The rules, as migrations/0029_click_rows.sql and 0018_phases.sql set them:
// - a click of a test not found, or made once the test had completed, is not written;
// - it counts in the phase in force at its time (one made before the current phase started, in the one before);
// - a test counts at most SESSIONS_PER_ADDRESS_HOUR sessions per address and clock hour: a session already
//   counted from that address that hour counts; a new one while fewer did, in D1 and before it in the
//   batch (by its first click in the batch); past that its clicks are flagged as a burst, counted nowhere;
// - an id counts once: its first in the batch, unless D1 has it (a redelivery);
// - each counted session's first click of an address, hour, phase and variant is marked
//   (first_of_address_hour): what the limit and the held-back visitors read;
// - a session's first human click in a phase is a visitor of the hourly rollup, its first in the test
//   one of the segments.

const key = (...parts: (string | number | undefined)[]) => JSON.stringify(parts);

/** A click as the write stores it: the event with what the rules decided. */
export interface ClassifiedClick extends Omit<ClickEvent, "isBot" | "type"> {
  /** 0 counted, 1 a bot, 2 past the sessions an address may bring in an hour. */
  isBot: 0 | 1 | 2;
  hour: number;
  phase: number;
  firstOfAddressHour: 0 | 1;
  /** The session's first human click to arrive in its phase: a visitor of the hourly rollup. */
  phaseVisitor: 0 | 1;
  /** The session's first human click to arrive in the test: a visitor of the segments. */
  visitor: 0 | 1;
}

interface TestState {
  id: string;
  phase: number;
  phaseStartedAt: number | null;
  completedAt: number | null;
}

/** What D1 holds that the rules of a batch read. */
interface Known {
  tests: Map<string, TestState>;
  /** Positions of the batch's clicks D1 has (test, time and id): a redelivery. */
  written: Set<number>;
  /** Of each test and session: the phases it has human clicks in. */
  phasesOf: Map<string, Set<number>>;
}

const TESTS = `SELECT id, phase, phase_started_at AS phaseStartedAt, completed_at AS completedAt
  FROM split_tests WHERE id IN (SELECT value FROM json_each(?1))`;

// ?1: [test, hour] pairs: the time and id of each of the hour's clicks.
const IDS = eachClicks(
  (clicks) => `SELECT g.key AS pair, c.timestamp, c.id FROM json_each(?1) AS g CROSS JOIN ${clicks} AS c
    WHERE c.split_test_id = g.value ->> '$[0]' AND ${clickOfHour("c", "(g.value ->> '$[1]')")}`,
);

// ?1: [test, session] pairs.
const PHASES = `SELECT DISTINCT p.key AS pair, f.value AS phase
  FROM json_each(?1) AS p CROSS JOIN json_each((
    SELECT json_group_array(${packed.phase})
    FROM ${sessionClicks("p.value ->> '$[0]'", checkedSessionBytes("p.value ->> '$[1]'"))})) AS f`;

// ?1: [test, hour] pairs: the hour's packs.
const MARKED = eachClicks(
  (clicks) => `SELECT g.key AS pair, c.source, c.session_id AS session, c.phase, c.variant
    FROM json_each(?1) AS g CROSS JOIN ${clicks} AS c
    WHERE c.split_test_id = g.value ->> '$[0]' AND ${clickOfHour("c", "(g.value ->> '$[1]')")}
      AND c.first_of_address_hour = 1`,
);

const hourOf = (timestamp: number) => timestamp - (timestamp % HOUR_MS);

/** Of `keys`, those `held` lacks; those it has become its last used (a Map keeps the order of insertion). */
function missingFrom<V>(held: Map<string, V>, keys: string[]): string[] {
  return keys.filter((k) => {
    const value = held.get(k);
    if (value === undefined) return true;
    held.delete(k);
    held.set(k, value);
    return false;
  });
}

/**
 * What the shard's writer remembers of each test-hour ([test, hour] key) it used last, up to `bound`
 * things held: read from D1 for an hour it has not seen (since it woke, forgot the hour, or a write of it
 * failed), kept by each write it commits, forgotten for a write that failed. The hours used longest ago
 * are forgotten past the bound only once a write has committed: an hour forgotten between its read and
 * the rules deciding from it would count as empty.
 */
abstract class TestHours<V> {
  protected readonly hours = new Map<string, V>();
  private held = 0;

  constructor(private readonly bound: number) {}

  /** A new hour's value, and how many things a value holds. */
  protected abstract empty(): V;
  protected abstract sizeOf(value: V): number;

  /** The hours of `pairs` not remembered; those remembered are the last used now. */
  missing(pairs: string[]): string[] {
    return missingFrom(this.hours, pairs);
  }

  /** Once a write has failed (it may have committed all the same): D1 is read again for its hours. */
  failed(events: ClickEvent[]) {
    for (const { testId, timestamp } of events) this.forget(key(testId, hourOf(timestamp)));
  }

  /** Starts remembering `pairs`, empty: the caller adds what D1 holds of them. */
  protected start(pairs: string[]) {
    for (const pair of pairs) {
      this.forget(pair);
      this.hours.set(pair, this.empty());
    }
  }

  /** Counts one more thing held. */
  protected hold() {
    this.held += 1;
  }

  /** Forgets the hours used longest ago while more than the bound is held. */
  protected keepWithinBound() {
    for (const pair of this.hours.keys()) {
      if (this.held <= this.bound) break;
      this.forget(pair);
    }
  }

  private forget(pair: string) {
    const value = this.hours.get(pair);
    if (value !== undefined) this.held -= this.sizeOf(value);
    this.hours.delete(pair);
  }
}

/**
 * Sessions the shard's writer remembers at most, of the test-hours it used last (some 25 MB): a shard
 * takes at most about 85,000 clicks an hour (one D1's storage at the window, bench/RESULTS.md §31), so
 * this holds more than its current hour.
 */
export const REMEMBERED_SESSIONS = 100_000;

/**
 * The counted sessions of each address in a test's hour, and their marked (session, phase, variant), by
 * address and session: the session's marked phases and variants ("phase|variant"). D1 holds the same:
 * the marked clicks (first_of_address_hour) of the hour.
 */
export class AddressHours extends TestHours<Map<string, Map<string, Set<string>>>> {
  constructor() {
    super(REMEMBERED_SESSIONS);
  }

  protected empty() {
    return new Map<string, Map<string, Set<string>>>();
  }

  protected sizeOf(sources: Map<string, Map<string, Set<string>>>) {
    let sessions = 0;
    for (const of of sources.values()) sessions += of.size;
    return sessions;
  }

  /** Starts remembering `pairs` with their marked clicks as D1 holds them. */
  learn(
    pairs: string[],
    marked: { pair: string; source: string; session: string; phase: number; variant: string }[],
  ) {
    this.start(pairs);
    for (const { pair, source, session, phase, variant } of marked)
      this.mark(pair, source, session, phase, variant);
  }

  /** Of a test's hour: the address's counted sessions. */
  sessions(pair: string, source: string): ReadonlyMap<string, unknown> {
    return this.hours.get(pair)?.get(source) ?? new Map();
  }

  isMarked(pair: string, source: string, session: string, phase: number, variant: string): boolean {
    return this.hours.get(pair)?.get(source)?.get(session)?.has(`${phase}|${variant}`) ?? false;
  }

  /** Once a write has committed: its marked clicks. */
  written(clicks: ClassifiedClick[]) {
    for (const click of clicks)
      if (click.firstOfAddressHour && click.source != null)
        this.mark(key(click.testId, click.hour), click.source, click.sessionId, click.phase, click.variant);
    this.keepWithinBound();
  }

  private mark(pair: string, source: string, session: string, phase: number, variant: string) {
    const sources = this.hours.get(pair);
    if (!sources) return;
    const sessions = sources.get(source) ?? new Map<string, Set<string>>();
    if (!sessions.has(session)) this.hold();
    sources.set(
      source,
      sessions.set(session, (sessions.get(session) ?? new Set()).add(`${phase}|${variant}`)),
    );
  }
}

/** Click ids the shard's writer remembers at most (some 20 MB): more than a shard's busiest hours. */
const REMEMBERED_IDS = 300_000;

/**
 * The time and id of every click D1 holds of a test's hour: what tells a redelivered click from a new
 * one, so that a write reads an hour's packs once, not on every write.
 */
export class HourIds extends TestHours<Set<string>> {
  constructor() {
    super(REMEMBERED_IDS);
  }

  protected empty() {
    return new Set<string>();
  }

  protected sizeOf(ids: Set<string>) {
    return ids.size;
  }

  /** Starts remembering `pairs` with their clicks as D1 holds them. */
  learn(pairs: string[], clicks: { pair: string; timestamp: number; id: string }[]) {
    this.start(pairs);
    for (const { pair, timestamp, id } of clicks) this.add(pair, timestamp, id);
  }

  /** Whether D1 holds the click of this test-hour, time and id (of an hour remembered). */
  has(pair: string, timestamp: number, id: string): boolean {
    return this.hours.get(pair)?.has(`${timestamp}|${id}`) ?? false;
  }

  /** Once a write has committed: its clicks. */
  written(clicks: ClassifiedClick[]) {
    for (const { testId, hour, timestamp, id } of clicks) this.add(key(testId, hour), timestamp, id);
    this.keepWithinBound();
  }

  private add(pair: string, timestamp: number, id: string) {
    const ids = this.hours.get(pair);
    const click = `${timestamp}|${id}`;
    if (!ids || ids.has(click)) return;
    ids.add(click);
    this.hold();
  }
}

/** Sessions the shard's writer remembers at most, of the tests it used last (some 30 MB). */
export const REMEMBERED_VISITORS = 300_000;
/**
 * How long a test forgotten for room, or too big to hold (a quarter of the bound), is asked of D1 session
 * by session before it is read whole again: tests that do not fit together would otherwise each be read
 * whole on every write (the capacity bench's 20 tests of 50,000 sessions did not end in 20 minutes).
 */
export const UNHELD_MS = 3_600_000;
// A session's phases are the bits of a number: a test past this phase is not remembered.
const MAX_PHASE = 30;

/**
 * The phases each session has counted clicks in, of each test the shard's writer used last, whole: a
 * session it does not hold has no click of the test. A test is read whole (its counted clicks) the first
 * time a write needs it, and forgotten when a write of it fails or the writer holds too many; a test it
 * does not hold is asked of D1 session by session.
 */
export class SessionPhases {
  private readonly tests = new Map<string, Map<string, number>>();
  private held = 0;
  // Tests not to read whole before the time given (UNHELD_MS).
  private readonly unheld = new Map<string, number>();

  /** Of `testIds`, those not remembered that may be read whole; those remembered are the last used now. */
  missing(testIds: string[], now = Date.now()): string[] {
    return missingFrom(this.tests, testIds).filter((testId) => (this.unheld.get(testId) ?? 0) <= now);
  }

  /** Starts remembering a test from its counted clicks as D1 holds them. */
  learn(testId: string, clicks: { session: string; phase: number }[], now = Date.now()) {
    this.forget(testId);
    if (clicks.some(({ phase }) => phase > MAX_PHASE)) return;
    const phases = new Map<string, number>();
    for (const { session, phase } of clicks) phases.set(session, (phases.get(session) ?? 0) | (1 << phase));
    if (phases.size > REMEMBERED_VISITORS / 4) {
      this.unheld.set(testId, now + UNHELD_MS);
      return;
    }
    this.tests.set(testId, phases);
    this.held += phases.size;
    this.bound(now);
  }

  /** Whether the test is remembered: its sessions' phases are known without D1. */
  holds(testId: string): boolean {
    return this.tests.has(testId);
  }

  /** The phases the session has counted clicks in, of a test remembered; none when it has none. */
  phasesOf(testId: string, sessionId: string): Set<number> | undefined {
    const bits = this.tests.get(testId)?.get(sessionId);
    if (bits === undefined) return undefined;
    const phases = new Set<number>();
    for (let phase = 0; phase <= MAX_PHASE; phase++) if (bits & (1 << phase)) phases.add(phase);
    return phases;
  }

  written(clicks: ClassifiedClick[]) {
    for (const click of clicks) {
      const phases = click.isBot === 0 ? this.tests.get(click.testId) : undefined;
      if (!phases) continue;
      if (click.phase > MAX_PHASE) {
        this.forget(click.testId);
        continue;
      }
      const bits = phases.get(click.sessionId);
      if (bits === undefined) this.held += 1;
      phases.set(click.sessionId, (bits ?? 0) | (1 << click.phase));
    }
    this.bound(Date.now());
  }

  failed(events: ClickEvent[]) {
    for (const { testId } of events) this.forget(testId);
  }

  private bound(now: number) {
    for (const [testId, until] of this.unheld) if (until <= now) this.unheld.delete(testId);
    for (const testId of this.tests.keys()) {
      if (this.held <= REMEMBERED_VISITORS) break;
      this.forget(testId);
      this.unheld.set(testId, now + UNHELD_MS);
    }
  }

  private forget(testId: string) {
    this.held -= this.tests.get(testId)?.size ?? 0;
    this.tests.delete(testId);
  }
}

/**
 * What the shard's writer remembers between writes: the address hours, the hours' click ids and the
 * sessions' phases, within their bounds for all the shards one object writes. It holds while no other
 * object writes those shards: the object claims each shard (`claimShard`), and each write checks that no
 * other object has claimed it since (FENCE).
 */
export class WriterMemory {
  readonly hours = new AddressHours();
  readonly sessions = new SessionPhases();
  readonly ids = new HourIds();

  written(clicks: ClassifiedClick[]) {
    this.hours.written(clicks);
    this.sessions.written(clicks);
    this.ids.written(clicks);
  }

  failed(events: ClickEvent[]) {
    this.hours.failed(events);
    this.sessions.failed(events);
    this.ids.failed(events);
  }
}

const CLAIM = "UPDATE shard_writer SET generation = generation + 1 WHERE id = 1 RETURNING generation";

/**
 * A write's first statement: aborts the write if an object has claimed the shard since `?1`'s claim
 * (migrations/0058_shard_writer_fence.sql). It reads one row and writes none.
 */
export const FENCE = "INSERT INTO shard_writer_fence (generation) VALUES (?1)";

/** D1's error for a write that FENCE stopped. */
export const isFenced = (error: unknown) =>
  error instanceof Error && error.message.includes("shard_writer_fenced");

/**
 * Claims the shard's clicks for the calling object: answers a new generation, so that a write of any
 * object that claimed it before fails its FENCE.
 */
export async function claimShard(db: D1Database): Promise<number> {
  const claimed = await db.prepare(CLAIM).first<{ generation: number }>();
  if (!claimed) throw new Error("The shard has no shard_writer row (migrations/0058_shard_writer_fence.sql)");
  return claimed.generation;
}

const COUNTED_SESSIONS = eachClicks(
  (clicks) => `SELECT split_test_id AS test, session_id AS session, phase FROM ${clicks}
    WHERE split_test_id IN (SELECT value FROM json_each(?1)) AND is_bot = 0`,
);

/**
 * Reads what the rules of `events` need from the shard's D1 and not from memory: one round trip, and a
 * second for the sessions of a test the writer does not hold.
 */
async function knownTo(db: D1Database, events: ClickEvent[], memory: WriterMemory): Promise<Known> {
  const testIds = [...new Set(events.map(({ testId }) => testId))];
  const humans = events.filter(({ isBot }) => !isBot);
  const pairOf = ({ testId, sessionId }: ClickEvent) => key(testId, sessionId);
  const testHours = [...new Set(events.map(({ testId, timestamp }) => key(testId, hourOf(timestamp))))];
  const hours = memory.hours.missing([
    ...new Set(
      humans.flatMap(({ testId, source, timestamp }) =>
        source == null ? [] : [key(testId, hourOf(timestamp))],
      ),
    ),
  ]);
  const cold = memory.sessions.missing([...new Set(humans.map(({ testId }) => testId))]);
  const idHours = memory.ids.missing(testHours);
  const [tests, ids, marked, counted] = await db.batch<Record<string, unknown>>([
    db.prepare(TESTS).bind(JSON.stringify(testIds)),
    db.prepare(IDS).bind(`[${idHours.join(",")}]`),
    db.prepare(MARKED).bind(`[${hours.join(",")}]`),
    db.prepare(COUNTED_SESSIONS).bind(JSON.stringify(cold)),
  ]);
  const clicksOf = new Map<string, { session: string; phase: number }[]>(cold.map((testId) => [testId, []]));
  for (const row of (counted?.results ?? []) as { test: string; session: string; phase: number }[])
    clicksOf.get(row.test)?.push(row);
  for (const [testId, clicks] of clicksOf) memory.sessions.learn(testId, clicks);
  type Ids = { pair: number; timestamp: number; id: string };
  memory.ids.learn(
    idHours,
    ((ids?.results ?? []) as Ids[]).map((row) => ({ ...row, pair: idHours[row.pair] ?? "" })),
  );
  type Marked = { pair: number; source: string; session: string; phase: number; variant: string };
  memory.hours.learn(
    hours,
    ((marked?.results ?? []) as Marked[]).map((row) => ({ ...row, pair: hours[row.pair] ?? "" })),
  );
  const known: Known = {
    tests: new Map(((tests?.results ?? []) as unknown as TestState[]).map((test) => [test.id, test])),
    written: new Set(
      events.flatMap(({ testId, timestamp, id }, position) =>
        memory.ids.has(key(testId, hourOf(timestamp)), timestamp, id) ? [position] : [],
      ),
    ),
    phasesOf: new Map(),
  };
  for (const human of humans) {
    const phases = memory.sessions.phasesOf(human.testId, human.sessionId);
    if (phases) known.phasesOf.set(pairOf(human), phases);
  }
  const pairs = [...new Set(humans.filter(({ testId }) => !memory.sessions.holds(testId)).map(pairOf))];
  if (pairs.length === 0) return known;
  const { results: phases } = await db
    .prepare(PHASES)
    .bind(`[${pairs.join(",")}]`)
    .all<{ pair: number; phase: number }>();
  for (const { pair, phase } of phases) {
    const of = pairs[pair] ?? "";
    known.phasesOf.set(of, (known.phasesOf.get(of) ?? new Set()).add(phase));
  }
  return known;
}

/** The first of `items` (in batch order) of each key. */
function firstOf<T>(items: T[], keyOf: (item: T) => string): Map<string, T> {
  const first = new Map<string, T>();
  for (const item of items) {
    const k = keyOf(item);
    if (!first.has(k)) first.set(k, item);
  }
  return first;
}

/**
 * The rank of each new session among the sessions new to its address's hour, by the session's first
 * click in the batch (a bot's click of it too): 1 for the first; 0 for a click of a session not new.
 */
function ranksOf(events: ClickEvent[], addressHours: string[], isNew: boolean[]): number[] {
  const sessionOf = (i: number) => key(addressHours[i], events[i]?.sessionId);
  const newSessions = new Set(events.flatMap((_, i) => (isNew[i] ? [sessionOf(i)] : [])));
  const rankOf = new Map<string, number>();
  const ranked = new Map<string | undefined, number>();
  events.forEach((_, i) => {
    const session = sessionOf(i);
    if (!newSessions.has(session) || rankOf.has(session)) return;
    const rank = (ranked.get(addressHours[i]) ?? 0) + 1;
    ranked.set(addressHours[i], rank);
    rankOf.set(session, rank);
  });
  return events.map((_, i) => (isNew[i] ? (rankOf.get(sessionOf(i)) ?? 0) : 0));
}

/** The batch's clicks this write stores, in batch order, with what the rules decided for each. */
export async function classifyClicks(
  db: D1Database,
  events: ClickEvent[],
  memory = new WriterMemory(),
): Promise<ClassifiedClick[]> {
  const known = await knownTo(db, events, memory);
  const hours = events.map(({ timestamp }) => hourOf(timestamp));
  const testHours = events.map(({ testId }, i) => key(testId, hours[i]));
  const counted = events.map(({ source }, i) =>
    source == null ? new Map<string, unknown>() : memory.hours.sessions(testHours[i] ?? "", source),
  );
  const addressHours = events.map(({ source }, i) => key(testHours[i], source ?? undefined));
  const isNew = events.map(
    ({ source, isBot, sessionId }, i) => source != null && !isBot && !counted[i]?.has(sessionId),
  );
  const ranks = ranksOf(events, addressHours, isNew);

  const checked = events.flatMap((event, i) => {
    const test = known.tests.get(event.testId);
    if (!test || (test.completedAt !== null && test.completedAt <= event.timestamp)) return [];
    const before = Math.min(counted[i]?.size ?? 0, SESSIONS_PER_ADDRESS_HOUR);
    const burst = isNew[i] && before + (ranks[i] ?? 0) > SESSIONS_PER_ADDRESS_HOUR;
    const isBot: ClassifiedClick["isBot"] = event.isBot ? 1 : burst ? 2 : 0;
    const phase = test.phase - (event.timestamp < (test.phaseStartedAt ?? 0) ? 1 : 0);
    const entry = key(addressHours[i], event.sessionId, phase, event.variant);
    return [{ position: i, event, isBot, hour: hours[i] ?? 0, phase, entry }];
  });

  const firstInAddressHour = firstOf(
    checked.filter(({ isBot, event }) => isBot === 0 && event.source != null),
    ({ entry }) => entry,
  );
  const firstOfId = firstOf(checked, ({ event }) => event.id);
  const inserted = checked.filter(
    (click) => firstOfId.get(click.event.id) === click && !known.written.has(click.position),
  );
  const humans = inserted.filter(({ isBot }) => isBot === 0);
  const firstInPhase = firstOf(humans, ({ event, phase }) => key(event.testId, event.sessionId, phase));
  const firstInTest = firstOf(humans, ({ event }) => key(event.testId, event.sessionId));

  return inserted.map((click): ClassifiedClick => {
    const { position, event, isBot, hour, phase, entry } = click;
    const { type: _, isBot: __, ...rest } = event;
    const phases = known.phasesOf.get(key(event.testId, event.sessionId));
    const first = (of: Map<string, typeof click>, k: string) => (of.get(k) === click ? 1 : 0);
    const marked = memory.hours.isMarked(
      testHours[position] ?? "",
      event.source ?? "",
      event.sessionId,
      phase,
      event.variant,
    );
    return {
      ...rest,
      isBot,
      hour,
      phase,
      firstOfAddressHour: first(firstInAddressHour, entry) && !marked ? 1 : 0,
      phaseVisitor:
        first(firstInPhase, key(event.testId, event.sessionId, phase)) && !phases?.has(phase) ? 1 : 0,
      visitor: first(firstInTest, key(event.testId, event.sessionId)) && !phases ? 1 : 0,
    };
  });
}
