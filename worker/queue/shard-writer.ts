import { DurableObject } from "cloudflare:workers";
import { eventsDb } from "../db/shards";
import { log } from "../observability/log";
import { askToLookAtCappedLinks } from "./capped-links";
import { claimShard, isFenced, WriterMemory } from "./click-rules";
import type { ClickEvent } from "./events";
import { writeClicks } from "./record";

// A shard's clicks have one writer (docs/architecture.md, "One writer per shard"): the redirect's
// isolates and the consumer's invocations, however many run at once, hand their clicks to the shard's
// object (one object may write several shards: SHARDS_PER_WRITER), which writes them one D1 transaction
// at a time. The redirect's may wait a moment (`holdMs`) for others; those handed over while a write runs
// go together in the next one; each caller is answered once its clicks have committed. An object claims a
// shard before writing it, and should another object claim it meanwhile (a deploy that gives the shard to
// another object), its write fails the fence, and it forgets what it remembered and claims again.

/** Clicks per D1 write: one JSON parameter well under D1's limits, as the consumer's own writes. */
const CLICKS_PER_WRITE = 1_000;

/** Claims of a shard for one write: with another object claiming it too, each may be fenced once. */
const CLAIMS_PER_WRITE = 3;

interface Handed {
  shard: string;
  clicks: ClickEvent[];
  answer(error: string | null): void;
}

export class ShardWriter extends DurableObject<Env> {
  private handed: Handed[] = [];
  private writing = false;
  private held: ReturnType<typeof setTimeout> | undefined;
  /**
   * What the rules read of the shards' D1, kept between writes (worker/queue/click-rules.ts): one memory
   * within its bounds however many shards the object writes, valid while its claims hold.
   */
  private remembered = new WriterMemory();
  /** The generation of each shard this object has claimed (migrations/0058_shard_writer_fence.sql). */
  private readonly claims = new Map<string, number>();

  /**
   * Answers once the clicks are in the shard's D1 (null), or with D1's error if their write failed: an
   * answer rather than a throw, which the runtime would also log as the object's uncaught exception.
   * With `holdMs`, the write waits up to that long for more clicks (unless a write runs or enough wait).
   */
  writeClicks(shard: string, clicks: ClickEvent[], holdMs = 0): Promise<string | null> {
    const written = new Promise<string | null>((answer) => {
      this.handed.push({ shard, clicks, answer });
    });
    const waiting = this.handed.reduce((sum, each) => sum + each.clicks.length, 0);
    if (holdMs > 0 && waiting < CLICKS_PER_WRITE) this.held ??= setTimeout(() => this.write(), holdMs);
    else this.write();
    return written;
  }

  private write(): void {
    if (this.held !== undefined) clearTimeout(this.held);
    this.held = undefined;
    if (this.writing) return;
    this.writing = true;
    void this.writeHanded().finally(() => {
      this.writing = false;
    });
  }

  private async writeHanded(): Promise<void> {
    while (this.handed.length > 0) {
      const together = takeTogether(this.handed);
      const shard = together[0]?.shard;
      if (shard === undefined) return;
      const written = await writeTogether(together, (clicks) => this.writeAsTheWriter(shard, clicks));
      if (written.length === 0) continue;
      const clicks = written.flatMap((each) => each.clicks);
      // Clicks per call and per write, read after deploying (docs/capacity.md).
      log("info", "clicks_written", { shard, calls: written.length, clicks: clicks.length });
      // A link that ends after a number of visitors is looked at now, not at the autopilot's next run.
      await askToLookAtCappedLinks(
        this.env,
        clicks.map(({ testId }) => testId),
      );
    }
  }

  /**
   * Writes `clicks` under this object's claim of the shard, claiming it first if it holds none. A write
   * fenced (another object claimed the shard since) forgets what the object remembered, whose shards' D1
   * it can no longer vouch for, and is written again under a new claim, its rules decided again from D1.
   */
  private async writeAsTheWriter(shard: string, clicks: ClickEvent[]): Promise<void> {
    const db = eventsDb(this.env, shard);
    for (let claims = 1; ; claims += 1) {
      let generation = this.claims.get(shard);
      if (generation === undefined) {
        generation = await claimShard(db);
        this.claims.set(shard, generation);
      }
      try {
        return await writeClicks(db, clicks, this.remembered, generation);
      } catch (error) {
        if (!isFenced(error)) throw error;
        this.claims.delete(shard);
        this.remembered = new WriterMemory();
        log("warn", "shard_writer_fenced", { shard, claims });
        if (claims >= CLAIMS_PER_WRITE) throw error;
      }
    }
  }
}

/**
 * Writes the callers' clicks in one transaction or, should that fail, each caller's alone: one caller's
 * click can fail the write of all, and then fails only its own caller. Answers each caller; returns
 * those whose clicks were written.
 */
async function writeTogether(
  together: Handed[],
  write: (clicks: ClickEvent[]) => Promise<void>,
): Promise<Handed[]> {
  try {
    await write(together.flatMap(({ clicks }) => clicks));
    for (const each of together) each.answer(null);
    return together;
  } catch (error) {
    const [alone] = together;
    if (together.length === 1 && alone) {
      alone.answer(messageOf(error));
      return [];
    }
    const written: Handed[] = [];
    for (const each of together) {
      try {
        await write(each.clicks);
        each.answer(null);
        written.push(each);
      } catch (itsError) {
        each.answer(messageOf(itsError));
      }
    }
    return written;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The first handed-over clicks, with those after them of the same shard, up to CLICKS_PER_WRITE. */
function takeTogether(handed: Handed[]): Handed[] {
  const [first] = handed;
  if (!first) return [];
  let clicks = first.clicks.length;
  let taken = 1;
  for (const next of handed.slice(1)) {
    if (next.shard !== first.shard || clicks + next.clicks.length > CLICKS_PER_WRITE) break;
    clicks += next.clicks.length;
    taken += 1;
  }
  return handed.splice(0, taken);
}
