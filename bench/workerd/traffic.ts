import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import worker from "../../worker/index";
import { toBase64Url } from "../../worker/lib/base64url";
import { clickId, eventId, timeOrderedUuid } from "../../worker/lib/ids";
import type { ClickEvent, ConversionEvent, TrackingEvent } from "../../worker/queue/events";

// Synthetic but realistic traffic for the ingest and dashboard benchmarks: visitors who come back
// (keeping their variant), a few bots, arriving in time order over a number of hours.

const HOUR_MS = 3_600_000;
const RETURNING_SHARE = 0.3;
const BOT_SHARE = 0.03;

/**
 * A visitor's session id as the redirect makes it, so D1's indexes hold what production holds: a UUIDv7
 * (worker/lib/ids.ts, timeOrderedUuid) of the time of its first click, its test and visitor where the
 * random bits go. A bot's is random.
 */
const sessionId = (test: number, visitor: number, madeAt: number) => {
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  view.setUint16(6, test);
  view.setUint32(12, visitor);
  return timeOrderedUuid(madeAt, bytes);
};
const botSessionId = (test: number, bot: number) =>
  `b0000000-0000-4000-8000-${test.toString(16).padStart(4, "0")}${bot.toString(16).padStart(8, "0")}`;
const variantOf = (visitor: number) => (visitor % 2 === 0 ? "A" : "B");

const DEVICES = ["mobile", "desktop", "tablet"] as const;
const SYSTEMS = ["ios", "android", "windows", "macos"] as const;
const COUNTRIES = ["US", "DE", "GB", "FR", "IN"] as const;
const REFERRERS = [null, "www.google.com", "t.co", "news.ycombinator.com", "www.facebook.com"] as const;

/**
 * The keyed hash of a visitor's address as worker/redirect/session.ts makes it: 6 bytes in base64url,
 * the same for the visitor every time and spread like a hash (not in the visitors' order), so the
 * address index takes its entries at random places, as in production.
 */
function addressHashOf(visitor: number): string {
  let state = (visitor + 1) * 0x9e3779b1;
  const bytes = new Uint8Array(6);
  for (let i = 0; i < bytes.length; i++) {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d);
    state = Math.imul(state ^ (state >>> 12), 0x297a2d39);
    bytes[i] = (state ^ (state >>> 15)) & 255;
  }
  return toBase64Url(bytes);
}

/** A visitor's segment as the redirect records it, and their address hash (on every person's click, as the redirect sends it). */
function segmentOf(visitor: number) {
  return {
    device: DEVICES[visitor % DEVICES.length],
    os: SYSTEMS[visitor % SYSTEMS.length],
    country: COUNTRIES[visitor % COUNTRIES.length],
    referrer: REFERRERS[visitor % REFERRERS.length],
    source: addressHashOf(visitor),
  };
}

export class Traffic {
  private readonly visitors: number[];
  /** Each test's visitors' first clicks, by visitor: a conversion comes after its visitor's click. */
  private readonly firstClicks: number[][];
  private bots = 0;
  private sent = 0;
  readonly start: number;

  /**
   * `expected` clicks arrive in time order over `hours`, as the queue delivers them. `asRedirected`
   * makes them what the redirect sends: a visitor's segment (device, OS, country, referrer), and on a
   * person's click the keyed hash of its address (each simulated visitor has an address of its own, so
   * none is flagged as a burst).
   */
  constructor(
    readonly testIds: string[],
    readonly hours: number,
    readonly expected: number,
    readonly options: { asRedirected?: boolean } = {},
  ) {
    this.visitors = testIds.map(() => 0);
    this.firstClicks = testIds.map(() => []);
    this.start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - hours * HOUR_MS;
  }

  private clock() {
    this.sent += 1;
    return this.start + Math.floor((this.sent / this.expected) * this.hours * HOUR_MS);
  }

  /** A time between `after` and the end of the traffic. */
  private anyTimeAfter(after: number) {
    return after + Math.floor(Math.random() * (this.start + this.hours * HOUR_MS - after));
  }

  /** The next `count` clicks, spread over the tests and hours at random. */
  clicks(count: number): ClickEvent[] {
    const events: ClickEvent[] = [];
    for (let i = 0; i < count; i++) {
      const test = Math.floor(Math.random() * this.testIds.length);
      const testId = this.testIds[test] ?? "";
      const seen = this.visitors[test] ?? 0;
      const timestamp = this.clock();
      const base = { type: "click" as const, id: clickId(), testId, timestamp };
      if (Math.random() < BOT_SHARE) {
        this.bots += 1;
        events.push({ ...base, variant: "A", sessionId: botSessionId(test, this.bots), isBot: true });
        continue;
      }
      const returning = seen > 0 && Math.random() < RETURNING_SHARE;
      const visitor = returning ? Math.floor(Math.random() * seen) : seen;
      if (!returning) {
        this.visitors[test] = seen + 1;
        this.firstClicks[test]?.push(timestamp);
      }
      events.push({
        ...base,
        variant: variantOf(visitor),
        sessionId: sessionId(test, visitor, this.firstClicks[test]?.[visitor] ?? timestamp),
        isBot: false,
        ...(this.options.asRedirected ? segmentOf(visitor) : {}),
      });
    }
    return events;
  }

  /** One conversion each for `perTest` distinct human visitors of every test, after their first click. */
  conversions(perTest: number): ConversionEvent[] {
    return this.testIds.flatMap((testId, test) => {
      const seen = this.visitors[test] ?? 0;
      const step = Math.max(1, Math.floor(seen / perTest));
      return Array.from({ length: Math.min(perTest, seen) }, (_, i) => {
        const timestamp = this.anyTimeAfter(this.firstClicks[test]?.[i * step] ?? this.start);
        return {
          type: "conversion" as const,
          id: eventId(),
          testId,
          sessionId: sessionId(test, i * step, this.firstClicks[test]?.[i * step] ?? this.start),
          timestamp,
        };
      });
    });
  }
}

/** Hands events to the Worker's queue handler as one batch, as the Queues runtime does; all must be acked. */
export async function deliver(events: TrackingEvent[], bindings: Env): Promise<void> {
  const now = Date.now();
  const batch = createMessageBatch(
    "splitlink-clicks",
    events.map((body, i) => ({ id: `m${i}`, timestamp: new Date(now), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings);
  const result = await getQueueResult(batch, ctx);
  if (result.explicitAcks.length !== events.length)
    throw new Error(`${events.length - result.explicitAcks.length} of ${events.length} events not acked`);
}
