import { DurableObject } from "cloudflare:workers";
import { eventsDb } from "../db/shards";
import type { ClickEvent } from "./events";
import { writeClicks } from "./record";

// A shard's clicks have one writer (docs/architecture.md, "One writer per shard"): the consumer's
// invocations, however many run at once, and the producer's direct writes hand their clicks to the
// shard's object, which writes them one D1 transaction at a time. Those handed over while a write
// runs go together in the next one, and each caller is answered once its clicks have committed.

/** Clicks per D1 write: one JSON parameter well under D1's limits, as the consumer's own writes. */
const CLICKS_PER_WRITE = 1_000;

interface Handed {
  shard: string;
  clicks: ClickEvent[];
  answer(error: string | null): void;
}

export class ShardWriter extends DurableObject<Env> {
  private handed: Handed[] = [];
  private writing = false;

  /**
   * Answers once the clicks are in the shard's D1 (null), or with D1's error if their write failed: an
   * answer rather than a throw, which the runtime would also log as the object's uncaught exception.
   */
  writeClicks(shard: string, clicks: ClickEvent[]): Promise<string | null> {
    const written = new Promise<string | null>((answer) => {
      this.handed.push({ shard, clicks, answer });
    });
    if (!this.writing) {
      this.writing = true;
      void this.writeHanded().finally(() => {
        this.writing = false;
      });
    }
    return written;
  }

  private async writeHanded(): Promise<void> {
    while (this.handed.length > 0) {
      const together = takeTogether(this.handed);
      const first = together[0];
      if (!first) return;
      const db = eventsDb(this.env, first.shard);
      try {
        await writeClicks(
          db,
          together.flatMap(({ clicks }) => clicks),
        );
        for (const each of together) each.answer(null);
      } catch (error) {
        if (together.length === 1) first.answer(messageOf(error));
        // One caller's click can fail the write of all: each is written alone, so only its caller fails.
        else
          for (const each of together)
            await writeClicks(db, each.clicks).then(
              () => each.answer(null),
              (alone: unknown) => each.answer(messageOf(alone)),
            );
      }
    }
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
