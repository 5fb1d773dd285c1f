import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compactSegments, type SegmentCount, segmentCounts } from "../../worker/db/segments";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { db, emptyDatabase, from, marketerWithTests, rows, upTo } from "./migration-db";

// 0061_conversion_segments: a conversion's segments are added to the breakdowns' rollup by the segments'
// daily compaction, as a visitor's are, where the consumer added them as it wrote each. What the
// consumer counted before the migration counts once; after it, a conversion counts once in its visitor's
// first click's segment whether its day is compacted or not, and one of a time compacted before it came
// (a late one) as it is written.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WINDOW = 30 * DAY;

/** The test's conversions by dimension and value, as the breakdowns read them, and in the rollup alone. */
const conversionsBySegment = (counts: SegmentCount[]) =>
  Object.fromEntries(
    counts
      .filter((count) => count.conversions > 0)
      .map((count) => [`${count.variant} ${count.dimension}=${count.value}`, count.conversions])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
const seen = async () => conversionsBySegment(await segmentCounts(db, "t1"));
const rolledUp = async () =>
  conversionsBySegment(
    await rows<SegmentCount>(
      "SELECT variant, dimension, value, visitors, conversions FROM test_segments WHERE split_test_id = 't1'",
    ),
  );
/** `n` conversions of `variant` in each of the four segments given. */
const inSegment = (
  variant: string,
  n: number,
  device: string,
  os: string,
  country: string,
  referrer: string,
) => ({
  [`${variant} country=${country}`]: n,
  [`${variant} device=${device}`]: n,
  [`${variant} os=${os}`]: n,
  [`${variant} referrer=${referrer}`]: n,
});
const compactThrough = async (until: number) => {
  while ((await compactSegments(db, until, 100)).slices > 0);
};

describe("0061_conversion_segments: a conversion's segments added at the segments' compaction", () => {
  it("counts once what the consumer counted as it wrote before the migration, this hour's too", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0061"));
    const now = Date.now();
    const today = now - (now % DAY);
    // As the consumer left them: a conversion this morning and one now, each in its segments as written,
    // the test compacted up to today.
    const conversions = [
      { id: "v1", at: today + 60_000, device: "mobile", country: "DE" },
      { id: "v2", at: now, device: "desktop", country: "FR" },
    ];
    await db.batch([
      ...marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: null }]),
      db.prepare("INSERT INTO segment_compaction (split_test_id, through) VALUES ('t1', ?1)").bind(today),
      ...conversions.flatMap((conversion) => [
        db
          .prepare(
            `INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, source, address, phase)
             VALUES (?1, 't1', 'A', ?2, ?3, 'beacon', 'ad000001', 1)`,
          )
          .bind(conversion.id, crypto.randomUUID(), conversion.at),
        db
          .prepare(
            `INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors, conversions)
             SELECT 't1', 'A', key, value, 0, 1 FROM json_each(json_object('device', ?1, 'os', '', 'country', ?2, 'referrer', ''))
             WHERE true
             ON CONFLICT (split_test_id, variant, dimension, value) DO UPDATE SET conversions = conversions + 1`,
          )
          .bind(conversion.device, conversion.country),
      ]),
    ]);
    const before = {
      "A country=DE": 1,
      "A country=FR": 1,
      "A device=desktop": 1,
      "A device=mobile": 1,
      "A os=": 2,
      "A referrer=": 2,
    };
    expect(await rolledUp()).toEqual(before);

    await applyD1Migrations(db, from("0061"));

    expect(await rows("SELECT conversions_from FROM segment_compaction")).toEqual([
      { conversions_from: now - (now % HOUR) + HOUR },
    ]);
    expect(await seen()).toEqual(before);
    // Today compacted (as the archive's cron will once it is over): nothing counted twice.
    await compactThrough(today + DAY);
    expect(await seen()).toEqual(before);
    expect(await rolledUp()).toEqual(before);
  });

  it("counts a conversion once in its first click's segment before and after its day is compacted, and a late one at once", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, from("0001"));
    const now = Date.now();
    const today = now - (now % DAY);
    await db.batch([
      ...marketerWithTests([
        { id: "t1", name: "Pricing", slug: "abc123", currency: null },
        { id: "t2", name: "Landing", slug: "def456", currency: null },
      ]),
      // t1 compacted up to two days ago, t2 made before compaction (the consumer counts all of it).
      db
        .prepare("INSERT INTO segment_compaction (split_test_id, through) VALUES ('t1', ?1)")
        .bind(today - 2 * DAY),
    ]);
    const visitor = (test: string, i: number, at: number, segment: Partial<ClickEvent>): ClickEvent => ({
      type: "click",
      id: `${test}k${i}`,
      testId: test,
      variant: i % 2 ? "B" : "A",
      sessionId: crypto.randomUUID(),
      isBot: false,
      timestamp: at,
      ...segment,
    });
    const yesterday = today - DAY;
    const mobile = { device: "mobile", os: "ios", country: "DE", referrer: "news.example" };
    const desktop = { device: "desktop", os: "windows", country: "US", referrer: null };
    const clicks = [
      visitor("t1", 0, yesterday + HOUR, mobile),
      visitor("t1", 1, yesterday + 2 * HOUR, desktop),
      visitor("t1", 2, yesterday + 3 * HOUR, mobile),
      visitor("t2", 3, yesterday + HOUR, desktop),
    ];
    // The first visitor comes back on another device: their first click's segment is theirs.
    const [first, second, third, other] = clicks as [ClickEvent, ClickEvent, ClickEvent, ClickEvent];
    await writeClicks(db, [
      ...clicks,
      { ...first, id: "t1k0again", timestamp: yesterday + 5 * HOUR, ...desktop },
    ]);
    const conversion = (click: ClickEvent, at: number): ConversionEvent => ({
      type: "conversion",
      id: `conv-${click.id}`,
      testId: click.testId,
      sessionId: click.sessionId,
      timestamp: at,
    });

    // Yesterday's, not compacted yet: counted from the conversions, in the first click's segment.
    await writeConversions(
      db,
      [conversion(first, yesterday + 6 * HOUR), conversion(second, yesterday + 7 * HOUR)],
      WINDOW,
    );
    const both = {
      ...inSegment("A", 1, "mobile", "ios", "DE", "news.example"),
      ...inSegment("B", 1, "desktop", "windows", "US", ""),
    };
    expect(await rolledUp()).toEqual({});
    expect(await seen()).toEqual(both);
    expect(
      await rows("SELECT device, os, country, referrer_host FROM conversions WHERE id = 'conv-t1k0'"),
    ).toEqual([{ device: "mobile", os: "ios", country: "DE", referrer_host: "news.example" }]);

    // Compacted: in the rollup once.
    await compactThrough(today);
    expect(await rolledUp()).toEqual(both);
    expect(await seen()).toEqual(both);

    // One of a day compacted before it came counts as it is written, once however often it comes.
    const late = conversion(third, yesterday + 8 * HOUR);
    await writeConversions(db, [late, late], WINDOW);
    await writeConversions(db, [late], WINDOW);
    const withLate = { ...both, ...inSegment("A", 2, "mobile", "ios", "DE", "news.example") };
    expect(await rolledUp()).toEqual(withLate);
    expect(await seen()).toEqual(withLate);

    // A test without compaction: the consumer counts it as it writes it.
    await writeConversions(db, [conversion(other, today + 60_000)], WINDOW);
    expect(conversionsBySegment(await segmentCounts(db, "t2"))).toEqual(
      inSegment("B", 1, "desktop", "windows", "US", ""),
    );
    expect(
      conversionsBySegment(
        await rows<SegmentCount>(
          "SELECT variant, dimension, value, visitors, conversions FROM test_segments WHERE split_test_id = 't2'",
        ),
      ),
    ).toEqual(inSegment("B", 1, "desktop", "windows", "US", ""));
  });
});
