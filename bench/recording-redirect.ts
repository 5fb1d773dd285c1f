// The fair limit for a redirect that counts its clicks: a fixed 302 that also records each click the
// cheapest way SplitLink could (bench/redirect.ts compares the live link with it). It mirrors the
// cheapest form of worker/queue/producer.ts and worker/queue/record.ts: the clicks of an isolate's
// concurrent requests share one `sendBatch` per 100 ms window, sent from the waitUntil of the request
// that opened the window, and the consumer writes each batch to D1 in one statement. What it leaves
// out is what only SplitLink needs: the link lookup, a session, a variant, cookies.
// Runs with bench/recording.wrangler.toml (its own queue and D1, the app's Static Assets router).
// Types are written out here (not the Workers types) so the file type-checks with the other benches.

interface Click {
  id: string;
  timestamp: number;
}
interface Env {
  CLICKS: { sendBatch(messages: { body: Click }[]): Promise<void> };
  DB: {
    prepare(sql: string): {
      bind(...values: unknown[]): { run(): Promise<unknown>; first<T>(column: string): Promise<T | null> };
      run(): Promise<unknown>;
    };
  };
}
interface Background {
  waitUntil(promise: Promise<unknown>): void;
}
interface Batch {
  messages: { body: Click }[];
  ackAll(): void;
}

const BATCH_WINDOW_MS = 100;
// A Queues sendBatch takes at most 100 messages.
const MAX_BATCH_EVENTS = 100;

let open: Click[] | undefined;

async function sendAfterWindow(env: Env, batch: Click[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, BATCH_WINDOW_MS));
  if (open === batch) open = undefined;
  await env.CLICKS.sendBatch(batch.map((body) => ({ body })));
}

// The table is made on first use (once per isolate): wrangler dev does not apply migrations to a
// Worker started with a config of its own, and a bench needs no migration history.
let table: Promise<unknown> | undefined;
const ensureTable = (env: Env) => {
  table ??= env.DB.prepare(
    "CREATE TABLE IF NOT EXISTS clicks (id TEXT PRIMARY KEY, timestamp INTEGER NOT NULL)",
  )
    .run()
    .catch((error) => {
      table = undefined;
      throw error;
    });
  return table;
};

export default {
  async fetch(request: Request, env: Env, ctx: Background): Promise<Response> {
    // The bench reads how many clicks are in D1, to wait until every click it sent is recorded.
    if (new URL(request.url).pathname === "/clicks") {
      await ensureTable(env);
      const count = await env.DB.prepare("SELECT count(*) AS n FROM clicks").bind().first<number>("n");
      return new Response(String(count ?? 0));
    }
    const timestamp = Date.now();
    const click = { id: crypto.randomUUID(), timestamp };
    if (open && open.length < MAX_BATCH_EVENTS) open.push(click);
    else {
      open = [click];
      ctx.waitUntil(sendAfterWindow(env, open));
    }
    return new Response(null, { status: 302, headers: { location: "https://example.com/a" } });
  },

  // One statement per batch: the clicks travel as one JSON parameter, json_each() makes them rows.
  async queue(batch: Batch, env: Env): Promise<void> {
    await ensureTable(env);
    const clicks = JSON.stringify(batch.messages.map((message) => message.body));
    await env.DB.prepare(
      "INSERT OR IGNORE INTO clicks (id, timestamp) SELECT value ->> '$.id', value ->> '$.timestamp' FROM json_each(?1)",
    )
      .bind(clicks)
      .run();
    batch.ackAll();
  },
};
