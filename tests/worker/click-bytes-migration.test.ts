import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { eventPage } from "../../worker/archive/rows";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { analyticsOf } from "../../worker/services/analytics";
import {
  db,
  emptyDatabase,
  eventsBeforePacks,
  from,
  marketerWithTests,
  rows,
  testAtSchema,
  upTo,
  withTablesTodaysCodeReads,
} from "./migration-db";

// 0036_click_bytes on a database that holds clicks and conversions written before it: a click's session
// is kept as the UUID's 16 bytes and read back as before, the address hashes are cut to their new 8
// characters, and the rows kept go on finding conversions and filling the per-address limit.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Address hashes as the redirect made them before: 12 bytes, 16 base64url characters.
const OLD_HASH = "Qk3xY_9a-LmN0pRs";
const FLOOD_HASH = "ZZ0fl00d_hash-16";

describe("0036_click_bytes: a click's session in 16 bytes, address hashes of 8 characters", () => {
  it("reads every click, event and count as before, and the kept rows still credit conversions and fill the address limit", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0036"));
    const now = Date.now();
    const hour = now - (now % HOUR);
    await db.batch(marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" }]));
    const sessions = Array.from({ length: 12 }, () => crypto.randomUUID());
    const flood = Array.from({ length: SESSIONS_PER_ADDRESS_HOUR }, () => crypto.randomUUID());
    const clicks = [
      ...sessions.map((session, i) => ({
        session,
        source: OLD_HASH,
        variant: i % 2 ? "B" : "A",
        ts: hour - HOUR + i,
      })),
      ...flood.map((session, i) => ({ session, source: FLOOD_HASH, variant: "A", ts: hour + i })),
      // A session id of another form (never given out by the redirect since #30) keeps its characters.
      { session: "legacy-session", source: null, variant: "B", ts: hour - HOUR + 50 },
    ].map((click, i) => ({ id: `c${String(i).padStart(3, "0")}`, ...click }));
    await db.batch([
      db
        .prepare(
          `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source, device,
                               first_of_address_hour, first_of_session)
           SELECT value ->> '$.id', 't1', value ->> '$.variant', value ->> '$.session', 0, value ->> '$.ts',
                  value ->> '$.source', 'mobile', value ->> '$.source' IS NOT NULL, 1
           FROM json_each(?1)`,
        )
        .bind(JSON.stringify(clicks)),
      db.prepare(
        `INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, clicks, visitors)
         SELECT split_test_id, phase, timestamp - timestamp % ${HOUR}, variant, count(*), count(*)
         FROM clicks GROUP BY 1, 2, 3, 4`,
      ),
      db.prepare(
        `INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency, address)
         VALUES ('v1', 't1', 'A', '${sessions[0]}', ${hour - HOUR + 30}, 1200, 'EUR', '${OLD_HASH}')`,
      ),
    ]);
    const beforePacks = await withTablesTodaysCodeReads();
    const test = await testAtSchema("t1");
    // The events as the export reads them: once migrated, through today's reader of the packs.
    const shown = async (packed = true) => ({
      clicks: await rows("SELECT id, variant, session_id, timestamp, device FROM clicks ORDER BY id"),
      events: packed
        ? await eventPage(db, "t1", { after: null, before: now + DAY, limit: 1_000 })
        : await eventsBeforePacks("t1"),
      analytics: await analyticsOf(db, test, now),
    });
    const before = await shown(false);
    expect(before.clicks).toHaveLength(clicks.length);

    await beforePacks();
    await applyD1Migrations(db, from("0036"));

    expect(await shown()).toEqual(before);
    expect(
      await rows("SELECT DISTINCT typeof(session) AS type, length(session) AS bytes FROM clicks ORDER BY 2"),
    ).toEqual([
      { type: "blob", bytes: 14 },
      { type: "blob", bytes: 16 },
    ]);
    expect(await rows("SELECT session_id FROM clicks WHERE length(session) = 14")).toEqual([
      { session_id: "legacy-session" },
    ]);
    expect(await rows("SELECT DISTINCT source FROM clicks WHERE source IS NOT NULL ORDER BY 1")).toEqual([
      { source: OLD_HASH.slice(0, 8) },
      { source: FLOOD_HASH.slice(0, 8) },
    ]);
    expect(await rows("SELECT address FROM conversions")).toEqual([{ address: OLD_HASH.slice(0, 8) }]);

    // The address's sessions before the deploy still fill its limit under its new hash (the old one's
    // first 8 characters): one more new session this hour is flagged, not counted.
    const click = (sessionId: string, source: string): ClickEvent => ({
      type: "click",
      id: `n${sessionId.slice(0, 6)}`,
      testId: "t1",
      variant: "A",
      sessionId,
      isBot: false,
      timestamp: hour + 100,
      source,
    });
    const late = crypto.randomUUID();
    await writeClicks(db, [click(late, FLOOD_HASH.slice(0, 8))]);
    expect(await rows(`SELECT is_bot FROM clicks WHERE session_id = '${late}'`)).toEqual([{ is_bot: 2 }]);

    // A migrated visitor's conversion is credited to its click, under its one spelling only.
    const visitor = sessions[1] ?? "";
    const conversion = (id: string, sessionId: string): ConversionEvent => ({
      type: "conversion",
      id,
      testId: "t1",
      sessionId,
      timestamp: now,
    });
    // The same 16 bytes spelt in capitals, and with the dashes elsewhere (36 characters, as the form asks).
    const hex = visitor.replace(/-/g, "");
    const movedDashes = [
      hex.slice(0, 4),
      hex.slice(4, 8),
      hex.slice(8, 12),
      hex.slice(12, 16),
      hex.slice(16),
    ].join("-");
    const refused = await writeConversions(
      db,
      [conversion("x1", visitor.toUpperCase()), conversion("x2", movedDashes)],
      30 * DAY,
    );
    expect(refused.counted).toEqual([]);
    expect(refused.unmatched.map((u) => u.reason)).toEqual(["no_click", "no_click"]);
    const credited = await writeConversions(db, [conversion("x3", visitor)], 30 * DAY);
    expect(credited.counted.map((c) => [c.sessionId, c.variant])).toEqual([[visitor, "B"]]);
  });
});
