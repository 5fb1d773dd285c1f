import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compactHours, UNCOUNTED_OF_TEST } from "../../worker/db/hour-stats";
import type { ClickEvent } from "../../worker/queue/events";
import { writeClicks } from "../../worker/queue/record";
import { db, emptyDatabase, from, marketerWithTests, rows, upTo } from "./migration-db";

// 0062_flagged_hours: a bot's or a burst's click is added to its test's traffic quality once its hour is
// over, from its pack, where the shard's writer added it as it wrote each. What the writer counted before
// the migration counts once; after it, a flagged click counts once whether its hour is compacted or not,
// and one of an hour compacted before it came (a late one) as it is written.

const HOUR = 3_600_000;

// What the test page and the API show as not counted, and what traffic_quality holds alone.
const seen = async () => (await db.prepare(UNCOUNTED_OF_TEST).bind("t1").all()).results;
const rolledUp = () =>
  rows("SELECT reason, events FROM traffic_quality WHERE split_test_id = 't1' ORDER BY reason");

describe("0062_flagged_hours: a flagged click counted on the traffic quality once its hour is over", () => {
  it("counts once what the writer counted as it wrote before the migration, the current hour's too", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0062"));
    const now = Date.now();
    const currentHour = now - (now % HOUR);
    // As the writer left them: a bot an hour ago and a bot and a burst this hour, each in its pack and
    // counted as written, the hours before this one compacted.
    const pack = (hour: number, flags: number[]) =>
      db
        .prepare(
          "INSERT INTO click_packs (split_test_id, hour, seq, clicks, sessions) VALUES ('t1', ?1, 1, ?2, x'')",
        )
        .bind(
          hour,
          JSON.stringify(
            flags.map((flag, i) => [
              60_000 * i,
              `k${hour}${i}`,
              "A",
              "0".repeat(32),
              flag,
              null,
              null,
              null,
              null,
              null,
              1,
              0,
              0,
              0,
            ]),
          ),
        );
    await db.batch([
      ...marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: null }]),
      db.prepare("UPDATE hour_compaction SET through = ?1").bind(currentHour),
      pack(currentHour - HOUR, [1]),
      pack(currentHour, [1, 2]),
      db.prepare(
        "INSERT INTO traffic_quality (split_test_id, reason, events) VALUES ('t1', 'bot', 2), ('t1', 'burst', 1)",
      ),
    ]);
    const before = [
      { reason: "bot", events: 2 },
      { reason: "burst", events: 1 },
    ];

    await applyD1Migrations(db, from("0062"));

    expect(await rows("SELECT flagged_from FROM hour_compaction")).toEqual([
      { flagged_from: currentHour + HOUR },
    ]);
    expect(await seen()).toEqual(before);
    // The current hour compacted (as the cron will once it is over): nothing counted twice.
    while (await compactHours(db, now + HOUR));
    expect(await seen()).toEqual(before);
    expect(await rolledUp()).toEqual(before);
  });

  it("counts a flagged click once before and after its hour is compacted, and a late one at once", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, from("0001"));
    await db.batch(marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: null }]));
    const now = Date.now();
    const hour = now - (now % HOUR) - 3 * HOUR;
    const click = (id: string, at: number, isBot: boolean): ClickEvent => ({
      type: "click",
      id,
      testId: "t1",
      variant: "A",
      sessionId: crypto.randomUUID(),
      isBot,
      timestamp: at,
    });
    while (await compactHours(db, hour));

    // In an hour not compacted: read from the packs, none in traffic_quality yet.
    await writeClicks(db, [
      click("k1", hour + 600_000, true),
      click("k2", hour + 700_000, true),
      click("k3", hour + 800_000, false),
    ]);
    expect(await rolledUp()).toEqual([]);
    expect(await seen()).toEqual([{ reason: "bot", events: 2 }]);

    // Compacted: in traffic_quality once.
    while (await compactHours(db, hour + HOUR));
    expect(await rolledUp()).toEqual([{ reason: "bot", events: 2 }]);
    expect(await seen()).toEqual([{ reason: "bot", events: 2 }]);

    // One of an hour compacted before it came counts as it is written, once however often it comes; one
    // of the current hour is not in traffic_quality yet.
    const late = click("k4", hour + 900_000, true);
    await writeClicks(db, [late, click("k5", now, true), late]);
    await writeClicks(db, [late]);
    expect(await rolledUp()).toEqual([{ reason: "bot", events: 3 }]);
    expect(await seen()).toEqual([{ reason: "bot", events: 4 }]);
  });
});
