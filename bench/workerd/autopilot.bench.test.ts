import { createMessageBatch, createScheduledController, env } from "cloudflare:test";
import { expect, inject, it } from "vitest";
import { copiesOf } from "../../tests/worker/autopilot-helpers";
import { createTest, signedUpClient } from "../../tests/worker/helpers";
import { CRONS } from "../../worker/crons";
import worker from "../../worker/index";
import type { AutopilotMessage } from "../../worker/queue/capped-links";
import { fixed, printTable, quantile } from "../table";
import { meterD1 } from "./d1-meter";

// The autopilot at any size (issue #35, point 4): 10,000 running tests (BENCH_SCALE scales them), all
// due at once, a quarter of each kind the autopilot watches (an end date that came, an end at a number
// of visitors, an early stop, Optimise mode). The cron runs once; its messages are then delivered to
// the Worker's queue handler as Cloudflare would, in batches of the consumer's max_batch_size, one
// batch at a time (one consumer: Queues runs many at once when a backlog grows). Each test's lateness
// is the time from when it was due (the cron's scheduled time) to the end of the batch that looked at
// it, in the local runtime. D1 statements and rows are counted for the cron and the consumer together.
const SCALE = inject("benchScale");
const TESTS = Math.round(10_000 * SCALE);
/** max_batch_size of the splitlink-autopilot consumer (wrangler.toml). */
const BATCH = 10;
/** The old design: at most 10 due ends and 100 looks a run, a run every ten minutes. */
const OLD = { duePerRun: 10, watchedPerRun: 100, runMinutes: 10 };
const PROBE = 100;
const KINDS = ["date", "visitors", "stop early", "optimise"] as const;
type Kind = (typeof KINDS)[number];
const HOUR = 3_600_000;

/** The autopilot queue, in memory: what the cron sends waits here for the bench to deliver it. */
function queueInMemory() {
  const messages: AutopilotMessage[] = [];
  let sends = 0;
  const queue = {
    async send(body: AutopilotMessage) {
      sends += 1;
      messages.push(body);
    },
    async sendBatch(batch: Iterable<MessageSendRequest<AutopilotMessage>>) {
      sends += 1;
      for (const message of batch) messages.push(message.body);
    },
  } as unknown as Queue;
  return { queue, messages, sends: () => sends };
}

async function deliver(bodies: AutopilotMessage[], bindings: Env) {
  const batch = createMessageBatch(
    "splitlink-autopilot",
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  await worker.queue(batch, bindings);
}

/** Tests of each kind, due now: `count` of one kind, copied from one made through the API. */
async function testsOf(kind: Kind, count: number): Promise<string[]> {
  const { client } = await signedUpClient();
  const settings: Record<Kind, Record<string, unknown>> = {
    date: { endsAt: new Date(Date.now() + HOUR).toISOString(), onEnd: "keep" },
    visitors: { endAfterVisitors: 1000 },
    "stop early": { stopEarly: true, onEnd: "promote" },
    optimise: {
      mode: "optimise",
      urlA: undefined,
      urlB: undefined,
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50 },
      ],
    },
  };
  const original = await createTest(client, { name: `Autopilot ${kind}`, ...settings[kind] });
  // Made two hours ago (an optimised test's first step is due), its date come, its alerts pending.
  await env.DB.prepare(
    "UPDATE split_tests SET created_at = ?, ends_at = CASE WHEN ends_at IS NULL THEN NULL ELSE ? END WHERE id = ?",
  )
    .bind(Date.now() - 2 * HOUR, Date.now() - 1000, original.id)
    .run();
  return [original.id, ...(await copiesOf(original.id, count - 1))];
}

it(`looks at ${TESTS} running tests, all due, in one run: lateness and D1 work per test`, async () => {
  const perKind = Math.ceil(TESTS / KINDS.length);
  const ids: string[] = [];
  for (const kind of KINDS) ids.push(...(await testsOf(kind, perKind)));

  const { db, meter } = meterD1(env.DB);
  const memory = queueInMemory();
  const bindings = { ...env, DB: db, AUTOPILOT: memory.queue };
  const due = Date.now();
  const cronStarted = performance.now();
  await worker.scheduled(createScheduledController({ cron: CRONS.autopilot, scheduledTime: due }), bindings);
  const cronMs = performance.now() - cronStarted;
  const cron = { statements: meter.statements, rowsRead: meter.rowsRead, messages: memory.messages.length };

  const lateness: number[] = [];
  let batches = 0;
  while (memory.messages.length > 0) {
    const bodies = memory.messages.splice(0, BATCH);
    await deliver(bodies, bindings);
    batches += 1;
    const late = Date.now() - due;
    for (const body of bodies) if ("testId" in body) lateness.push(late);
  }
  lateness.sort((a, b) => a - b);

  const { results } = await env.DB.prepare(
    `SELECT count(*) AS looked, sum(status = 'completed') AS ended FROM split_tests
     WHERE id IN (SELECT value FROM json_each(?)) AND autopilot_checked_at = ?`,
  )
    .bind(JSON.stringify(ids), due)
    .all<{ looked: number; ended: number }>();
  const looked = results[0]?.looked ?? 0;
  expect(looked).toBe(ids.length);
  expect(results[0]?.ended).toBe(perKind);

  const tests = ids.length;
  const oldEndsMinutes = Math.ceil(perKind / OLD.duePerRun) * OLD.runMinutes;
  const oldLooksMinutes = Math.ceil((tests - perKind) / OLD.watchedPerRun) * OLD.runMinutes;
  printTable(
    `The autopilot at any size: ${tests} running tests, all due, one cron run and its queue drained`,
    [
      { figure: "tests looked at", value: looked },
      { figure: "tests ended (their date came)", value: results[0]?.ended ?? 0 },
      { figure: "cron: ms (local)", value: fixed(cronMs, 0) },
      { figure: "cron: D1 statements", value: cron.statements },
      { figure: "cron: D1 rows read", value: cron.rowsRead },
      { figure: "cron: messages queued (incl. hand-ons)", value: cron.messages },
      { figure: "queue: looks delivered", value: lateness.length },
      { figure: "queue: consumer batches", value: batches },
      { figure: "queue: send calls", value: memory.sends() },
      { figure: "lateness p50, s (local, one consumer)", value: fixed(quantile(lateness, 0.5) / 1000, 1) },
      { figure: "lateness p99, s (local, one consumer)", value: fixed(quantile(lateness, 0.99) / 1000, 1) },
      { figure: "lateness max, s (local, one consumer)", value: fixed((lateness.at(-1) ?? 0) / 1000, 1) },
      { figure: "D1 statements per test (cron + consumer)", value: fixed(meter.statements / tests, 2) },
      { figure: "D1 rows read per test", value: fixed(meter.rowsRead / tests, 1) },
      { figure: "D1 rows written per test", value: fixed(meter.rowsWritten / tests, 2) },
      { figure: "old design: last end, minutes after due", value: oldEndsMinutes },
      { figure: "old design: last look, minutes after due", value: oldLooksMinutes },
    ],
    `tests=${tests} p50_s=${fixed(quantile(lateness, 0.5) / 1000, 1)} p99_s=${fixed(quantile(lateness, 0.99) / 1000, 1)} statements_per_test=${fixed(meter.statements / tests, 2)} rows_read_per_test=${fixed(meter.rowsRead / tests, 1)}`,
  );

  // Each kind alone, PROBE tests in batches of BATCH: what one look costs.
  const rows = [];
  for (const kind of KINDS) {
    const probe = await testsOf(kind, PROBE);
    meter.reset();
    const at = Date.now();
    for (let i = 0; i < probe.length; i += BATCH)
      await deliver(
        probe.slice(i, i + BATCH).map((testId) => ({ testId, at })),
        bindings,
      );
    rows.push({
      kind,
      "statements per test": fixed(meter.statements / PROBE, 2),
      "rows read per test": fixed(meter.rowsRead / PROBE, 1),
      "rows written per test": fixed(meter.rowsWritten / PROBE, 2),
      "statements per batch of 10": fixed((meter.statements / PROBE) * BATCH, 1),
    });
  }
  printTable("One look, by what the test watches for (consumer only, batches of 10)", rows, "per kind");
});
