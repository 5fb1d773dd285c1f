import { env } from "cloudflare:test";
import { expect, inject, it } from "vitest";
import { createTest, shardWritersUsing, signedUpClient } from "../../tests/worker/helpers";
import { fixed, printTable } from "../table";
import { meterD1 } from "./d1-meter";
import { deliver, Traffic } from "./traffic";

// 100,000 clicks through the real queue consumer into local D1, in batches of the queue's
// max_batch_size (wrangler.toml), counting every statement that reaches D1.
const EVENTS = 100_000 * inject("benchScale");
const BATCH = 100;
const TESTS = 10;

it(`ingests ${EVENTS} click events`, async () => {
  const { client } = await signedUpClient();
  const testIds: string[] = [];
  for (let i = 0; i < TESTS; i++) testIds.push((await createTest(client)).id);
  const traffic = new Traffic(testIds, 24 * 7, EVENTS);
  const { db, meter } = meterD1(env.DB);
  const bindings = { ...env, DB: db };
  // The shard's writer writes the clicks (worker/queue/shard-writer.ts): its D1 is metered too.
  await shardWritersUsing({ DB: db });

  let busyMs = 0;
  for (let sent = 0; sent < EVENTS; sent += BATCH) {
    const events = traffic.clicks(BATCH);
    const started = performance.now();
    await deliver(events, bindings);
    busyMs += performance.now() - started;
  }

  const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM clicks").first<{ n: number }>()) ?? { n: 0 };
  expect(n).toBe(EVENTS);
  const perHundred = (meter.statements / EVENTS) * 100;
  printTable(
    `Ingest: ${EVENTS} clicks through the queue consumer into local D1, batches of ${BATCH}`,
    [
      {
        events: EVENTS,
        "seconds in consumer": fixed(busyMs / 1000, 1),
        "events/s": Math.round(EVENTS / (busyMs / 1000)),
        "D1 statements": meter.statements,
        "statements / 100 events": fixed(perHundred),
        "rows written / event": fixed(meter.rowsWritten / EVENTS),
      },
    ],
    `ingest: ${Math.round(EVENTS / (busyMs / 1000))} events/s, ${fixed(perHundred)} D1 statements per 100 events (target <= 3): ${perHundred <= 3 ? "MET" : "MISSED"}`,
  );
}, 600_000);
