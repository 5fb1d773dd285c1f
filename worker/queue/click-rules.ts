import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
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
// - the address index marks each counted session's first click of an address, hour, phase and variant;
// - a session's first human click in a phase is a visitor of the hourly rollup, its first in the test
//   one of the segments.

const HOUR_MS = 3_600_000;

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
  /** Positions of the batch's clicks D1 has (test, time and id). */
  written: Set<number>;
  /** Of each test and session: the phases it has human clicks in. */
  phasesOf: Map<string, Set<number>>;
  /** Of each test, address and hour: the sessions counted. */
  sessionsOf: Map<string, Set<string>>;
  /** Each counted session's entry in the address index: test, address, hour, session, phase, variant. */
  entries: Set<string>;
}

const key = (...parts: (string | number | undefined)[]) => JSON.stringify(parts);

const TESTS = `SELECT id, phase, phase_started_at AS phaseStartedAt, completed_at AS completedAt
  FROM split_tests WHERE id IN (SELECT value FROM json_each(?1))`;

const WRITTEN = `SELECT j.key AS position FROM json_each(?1) AS j
  WHERE EXISTS (SELECT 1 FROM clicks
                WHERE split_test_id = j.value ->> '$.testId' AND timestamp = j.value ->> '$.timestamp'
                  AND id = j.value ->> '$.id')`;

// ?1: [test, session] pairs.
const PHASES = `SELECT DISTINCT p.key AS pair, c.phase
  FROM json_each(?1) AS p CROSS JOIN clicks AS c INDEXED BY clicks_test_session_idx
  WHERE c.split_test_id = p.value ->> '$[0]' AND c.session = ${checkedSessionBytes("p.value ->> '$[1]'")}
    AND c.is_bot = 0`;

// ?1: [test, address, hour] triples.
const ADDRESS_HOURS = `SELECT g.key AS triple, c.session_id AS session, c.phase, c.variant
  FROM json_each(?1) AS g CROSS JOIN clicks AS c INDEXED BY clicks_test_source_idx
  WHERE c.split_test_id = g.value ->> '$[0]' AND c.source = g.value ->> '$[1]' AND c.first_of_address_hour = 1
    AND c.timestamp >= g.value ->> '$[2]' AND c.timestamp < g.value ->> '$[2]' + ${HOUR_MS}`;

const hourOf = (timestamp: number) => timestamp - (timestamp % HOUR_MS);

/** Reads, in one round trip, what the rules of `events` need from the shard's D1. */
async function knownTo(db: D1Database, events: ClickEvent[]): Promise<Known> {
  const testIds = [...new Set(events.map(({ testId }) => testId))];
  const humans = events.filter(({ isBot }) => !isBot);
  const pairs = [...new Set(humans.map(({ testId, sessionId }) => key(testId, sessionId)))];
  const triples = [
    ...new Set(
      humans.flatMap(({ testId, source, timestamp }) =>
        source == null ? [] : [key(testId, source, hourOf(timestamp))],
      ),
    ),
  ];
  const [tests, written, phases, entries] = await db.batch<Record<string, unknown>>([
    db.prepare(TESTS).bind(JSON.stringify(testIds)),
    db.prepare(WRITTEN).bind(JSON.stringify(events)),
    db.prepare(PHASES).bind(`[${pairs.join(",")}]`),
    db.prepare(ADDRESS_HOURS).bind(`[${triples.join(",")}]`),
  ]);
  const known: Known = {
    tests: new Map(((tests?.results ?? []) as unknown as TestState[]).map((test) => [test.id, test])),
    written: new Set(((written?.results ?? []) as { position: number }[]).map(({ position }) => position)),
    phasesOf: new Map(),
    sessionsOf: new Map(),
    entries: new Set(),
  };
  for (const { pair, phase } of (phases?.results ?? []) as { pair: number; phase: number }[]) {
    const of = pairs[pair] ?? "";
    known.phasesOf.set(of, (known.phasesOf.get(of) ?? new Set()).add(phase));
  }
  type Entry = { triple: number; session: string; phase: number; variant: string };
  for (const { triple, session, phase, variant } of (entries?.results ?? []) as Entry[]) {
    const of = triples[triple] ?? "";
    known.sessionsOf.set(of, (known.sessionsOf.get(of) ?? new Set()).add(session));
    known.entries.add(key(of, session, phase, variant));
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
 * The rank of each click's session among the sessions new to the address's hour (or among those not
 * new), by the session's first click in the batch: 1 for the first.
 */
function ranksOf(events: ClickEvent[], addressHours: string[], isNew: boolean[]): number[] {
  const sessionOf = (i: number) => key(addressHours[i], events[i]?.sessionId);
  const firstPosition = new Map<string, number>();
  events.forEach((_, i) => {
    if (!firstPosition.has(sessionOf(i))) firstPosition.set(sessionOf(i), i);
  });
  const partitionOf = (i: number) => key(addressHours[i], isNew[i] ? 1 : 0);
  const firsts = new Map<string, Set<number>>();
  events.forEach((_, i) => {
    const partition = firsts.get(partitionOf(i)) ?? new Set();
    firsts.set(partitionOf(i), partition.add(firstPosition.get(sessionOf(i)) ?? i));
  });
  const rankOf = new Map<string, number>();
  for (const [partition, positions] of firsts) {
    [...positions]
      .sort((a, b) => a - b)
      .forEach((position, rank) => {
        rankOf.set(key(partition, position), rank + 1);
      });
  }
  return events.map((_, i) => rankOf.get(key(partitionOf(i), firstPosition.get(sessionOf(i)) ?? i)) ?? 1);
}

/** The batch's clicks this write stores, in batch order, with what the rules decided for each. */
export async function classifyClicks(db: D1Database, events: ClickEvent[]): Promise<ClassifiedClick[]> {
  const known = await knownTo(db, events);
  const hours = events.map(({ timestamp }) => hourOf(timestamp));
  const addressHours = events.map(({ testId, source }, i) => key(testId, source ?? undefined, hours[i]));
  const isNew = events.map(
    ({ source, isBot, sessionId }, i) =>
      source != null && !isBot && !known.sessionsOf.get(addressHours[i] ?? "")?.has(sessionId),
  );
  const ranks = ranksOf(events, addressHours, isNew);

  const checked = events.flatMap((event, i) => {
    const test = known.tests.get(event.testId);
    if (!test || (test.completedAt !== null && test.completedAt <= event.timestamp)) return [];
    const counted = Math.min(
      known.sessionsOf.get(addressHours[i] ?? "")?.size ?? 0,
      SESSIONS_PER_ADDRESS_HOUR,
    );
    const burst = isNew[i] && counted + (ranks[i] ?? 0) > SESSIONS_PER_ADDRESS_HOUR;
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
    const { position: _, event, isBot, hour, phase, entry } = click;
    const { type: __, isBot: ___, ...rest } = event;
    const phases = known.phasesOf.get(key(event.testId, event.sessionId));
    const first = (of: Map<string, typeof click>, k: string) => (of.get(k) === click ? 1 : 0);
    return {
      ...rest,
      isBot,
      hour,
      phase,
      firstOfAddressHour: first(firstInAddressHour, entry) && !known.entries.has(entry) ? 1 : 0,
      phaseVisitor:
        first(firstInPhase, key(event.testId, event.sessionId, phase)) && !phases?.has(phase) ? 1 : 0,
      visitor: first(firstInTest, key(event.testId, event.sessionId)) && !phases ? 1 : 0,
    };
  });
}
