import {
  createExecutionContext,
  createScheduledController,
  env,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { emailField } from "../../contract/api/auth";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { allShards, eventsDb, writerName } from "../../worker/db/shards";
import worker from "../../worker/index";
import { forgetAtLocation } from "../../worker/link-cache/location-cache";
import { forgetInIsolate } from "../../worker/link-cache/lookup";
import { WriterMemory } from "../../worker/queue/click-rules";
import { type SeededUser, seedUser } from "./seed";

export const ORIGIN = "https://app.splitlink.test";

/** A guardrail the tests' conversions of `{ event: "error" }` count for: fewer is better. */
export const ERRORS_GUARDRAIL = {
  name: "Errors",
  role: "guardrail",
  kind: "conversion",
  goal: { event: "error" },
  better: "lower",
} as const;

/** The headers of a person's browser (isbot passes it): the visits that count. */
export const HUMAN = {
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
};

/**
 * A client address no other test uses, so a rate limiter's count (kept per address, in wall-clock
 * windows, across the test files of a run) is this test's alone: 64 random bits of the IPv6
 * documentation range.
 */
export function uniqueIp(): string {
  const [a, b, c, d] = crypto.getRandomValues(new Uint16Array(4));
  // Each visitor in a /64 of their own: SplitLink counts an IPv6 address by its /64.
  return `2001:db8:${[a, b].map((part) => (part ?? 0).toString(16)).join(":")}:1::${[c, d].map((part) => (part ?? 0).toString(16)).join(":")}`;
}

/** A caller of the Worker that keeps cookies like a browser would (paths ignored: one jar per client). */
export class Client {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];
  /** The workspace the client works in (the SplitLink-Workspace header); null: the personal one. */
  workspace: string | null = null;

  /** Other bindings for the Worker than the test run's (tests/worker/shards.test.ts: two event shards). */
  bindings: Env | null = null;

  constructor(readonly ip = uniqueIp()) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cf-connecting-ip", this.ip);
    if (this.workspace !== null && !headers.has(WORKSPACE_HEADER))
      headers.set(WORKSPACE_HEADER, this.workspace);
    if (this.cookies.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader());
    const response = this.bindings
      ? await fetchWorker(path, { ...init, headers }, { bindings: this.bindings })
      : await exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }));
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const expired = attributes.some((a) => a.trim().toLowerCase() === "max-age=0");
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  /** The `Cookie` header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  json(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.fetch(path, {
      method,
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

/**
 * One request straight to the Worker's handler, with other bindings where a test replaces some (a
 * broken KV, a production config). A path is taken on the app host. The request's background work is
 * awaited before answering, unless the test needs to see the answer while it still runs.
 */
export async function fetchWorker(
  urlOrPath: string,
  init: RequestInit = {},
  { bindings = env, awaitBackground = true }: { bindings?: Env; awaitBackground?: boolean } = {},
): Promise<Response> {
  const url = urlOrPath.startsWith("/") ? `${ORIGIN}${urlOrPath}` : urlOrPath;
  const request = new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, bindings, ctx);
  if (awaitBackground) await waitOnExecutionContext(ctx);
  return response;
}

/** A signed-in client's API call with other bindings, its background work awaited. */
export function apiCallWith(bindings: Env, client: Client, method: string, path: string) {
  return fetchWorker(
    path,
    {
      method,
      headers: { origin: ORIGIN, cookie: client.cookieHeader(), "cf-connecting-ip": client.ip },
    },
    { bindings },
  );
}

/** One run of a Cron Trigger, as Cloudflare would start it, with other bindings where a test replaces some. */
export function runCron(cron: string, bindings: Env = env): Promise<void> {
  return worker.scheduled(createScheduledController({ cron }), bindings);
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export const GOOD_PASSWORD = "correct horse battery staple";

/**
 * A new client signed in as a fresh user as sign-up leaves them: unverified, their personal workspace,
 * the session cookies. Seeded into D1 (no 100,000-iteration PBKDF2 per user, no verification email, no
 * sign-up rate limit): tests whose subject is sign-up itself use `signUpOverHttp`.
 */
export async function signedUpClient(
  email = uniqueEmail(),
): Promise<{ client: Client; email: string; userId: string }> {
  const { client, userId } = await seedUser({ email: emailField.parse(email), verified: false });
  return { client, email, userId };
}

/**
 * A new client signed up as a fresh user through POST /api/auth/signup, then signed in with its password
 * (sign-up itself starts no session): for tests of sign-up, its email and its limits. The email is not
 * verified.
 */
export async function signUpOverHttp(
  email = uniqueEmail(),
): Promise<{ client: Client; email: string; userId: string }> {
  const client = new Client();
  const signedUp = await client.json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD });
  if (signedUp.status !== 202) throw new Error(`signup failed: ${signedUp.status} ${await signedUp.text()}`);
  const loggedIn = await client.json("POST", "/api/auth/login", { email, password: GOOD_PASSWORD });
  if (loggedIn.status !== 200) throw new Error(`login failed: ${loggedIn.status} ${await loggedIn.text()}`);
  const body = (await loggedIn.json()) as { user: { id: string } };
  return { client, email, userId: body.user.id };
}

/**
 * A new client signed in as a fresh user whose email is verified, seeded into D1 (sign-up and the
 * verification flow are tested on their own): no sign-up request, no verification email.
 */
export function verifiedClient(email = uniqueEmail()): Promise<SeededUser> {
  return seedUser({ email });
}

export async function errorOf(
  response: Response,
): Promise<{ code: string; message: string; reasons?: string[] }> {
  const body = (await response.json()) as { error: { code: string; message: string; reasons?: string[] } };
  return body.error;
}

export interface CreatedTest {
  id: string;
  name: string;
  slug: string;
  link: string;
  urlA: string;
  urlB: string;
  variants: { label: string; url: string; weight: number }[];
  customSlug: string | null;
  createdAt: number;
}

export async function createTest(client: Client, body: Record<string, unknown> = {}): Promise<CreatedTest> {
  const response = await client.json("POST", "/api/tests", {
    name: "Summer sale",
    urlA: "https://shop.example/a",
    urlB: "https://shop.example/b",
    // Tests of the verdict and the autopilot decide at once; those of the minimum days send their own.
    minimumDays: 0,
    ...body,
  });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { test: CreatedTest }).test;
}

/**
 * A custom domain row as the domains API leaves it (that API is tested on its own), in the user's
 * personal workspace unless another is named.
 */
export async function insertDomain(
  userId: string,
  domain: string,
  status = "active",
  workspaceId = userId,
): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO custom_domains (id, user_id, workspace_id, domain, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(id, userId, workspaceId, domain, status, Date.now())
    .run();
  return id;
}

/** The test's shard (worker/db/shards.ts), read as the Worker does. */
export async function shardOf(testId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT shard FROM split_tests WHERE id = ?")
    .bind(testId)
    .first<{ shard: string }>();
  return row?.shard ?? "DB";
}

/** The database that holds the test's events: its shard. */
export async function eventsOf(testId: string): Promise<D1Database> {
  return eventsDb(env, await shardOf(testId));
}

/** How many clicks of the test are written (counted or not), in its shard. */
export async function clicksOf(testId: string): Promise<number> {
  const row = await (await eventsOf(testId))
    .prepare("SELECT count(*) AS n FROM clicks WHERE split_test_id = ?")
    .bind(testId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Each D1 database of the Worker, the main one and the event shards, as `wrap` makes it (a fault's bindings). */
export function everyD1(
  wrap: (db: D1Database) => D1Database,
  of: Pick<Env, "DB" | "EVENTS_0" | "EVENTS_1"> = env,
): Pick<Env, "DB" | "EVENTS_0" | "EVENTS_1"> {
  return { DB: wrap(of.DB), EVENTS_0: wrap(of.EVENTS_0), EVENTS_1: wrap(of.EVENTS_1) };
}

/**
 * Has every shard's writer (worker/queue/shard-writer.ts) use these bindings instead of its own (a
 * fault's D1) until the answered function is called: the writer, not the consumer, writes the clicks.
 */
export async function shardWritersUsing(bindings: Partial<Env>): Promise<() => Promise<void>> {
  const writers = shardWriters();
  const own: Env[] = [];
  for (const writer of writers)
    await runInDurableObject(writer, (instance) => {
      const held = instance as unknown as { env: Env };
      own.push(held.env);
      held.env = { ...held.env, ...bindings };
    });
  return async () => {
    for (const [i, writer] of writers.entries())
      await runInDurableObject(writer, (instance) => {
        (instance as unknown as { env: Env }).env = own[i] ?? env;
      });
  };
}

/**
 * Empties what every shard's writer remembers between writes (worker/queue/click-rules.ts), as an object
 * evicted or restarted has: its next write reads D1 again.
 */
export async function coldShardWriters(): Promise<void> {
  for (const writer of shardWriters())
    await runInDurableObject(writer, (instance) => {
      const cold = instance as unknown as { remembered: WriterMemory; claims: Map<string, number> };
      cold.remembered = new WriterMemory();
      cold.claims.clear();
    });
}

/** Each object that writes shards, once: several shards may share one (SHARDS_PER_WRITER). */
function shardWriters() {
  const names = new Set(allShards(env).map((shard) => writerName(shard, env.SHARDS_PER_WRITER)));
  return [...names].map((name) => env.SHARD_WRITERS.get(env.SHARD_WRITERS.idFromName(name)));
}

/** Polls until the check passes: for work the Worker does after answering (queue, waitUntil). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A visitor opening a link: no redirect following, their own cookies. */
export async function open(visitor: Client, path: string, init: RequestInit = {}): Promise<Response> {
  return visitor.fetch(path, { redirect: "manual", ...init });
}

/**
 * A new visitor (their own address) opens the test's split link as a person; answers once their click
 * is in D1: the visitor and the session id and variant the redirect added to the destination URL.
 */
export async function clickedVisitor(test: { id: string; slug: string }) {
  const visitor = new Client();
  const response = await open(visitor, `/r/${test.slug}`, { headers: HUMAN });
  const location = new URL(response.headers.get("location") ?? "");
  const sessionId = location.searchParams.get("sessionId") ?? "";
  const variant = location.searchParams.get("variant") ?? "";
  const events = await eventsOf(test.id);
  await eventually(() =>
    events
      .prepare("SELECT 1 FROM clicks WHERE split_test_id = ? AND session_id = ?")
      .bind(test.id, sessionId)
      .first(),
  );
  return { visitor, sessionId, variant };
}

/** A conversion beacon as the tracker on another site sends it: text/plain JSON, from `client`'s address. */
export function sendBeacon(body: unknown, client = new Client(), origin = "https://shop.example") {
  return client.fetch("/functions/v1/conversions", {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", origin },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A new API key of the client's user, made through the app's own API. */
export async function createApiKey(
  client: Client,
  name = "CI pipeline",
  scope?: "read" | "write",
): Promise<{ id: string; key: string }> {
  const response = await client.json("POST", "/api/keys", { name, scope });
  if (response.status !== 201)
    throw new Error(`key creation failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { apiKey: { id: string }; key: string };
  return { id: body.apiKey.id, key: body.key };
}

/** A call of the public API as another tool makes it: a bearer key, no cookies, no Origin. */
export function publicApi(
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", ...extraHeaders };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return new Client().fetch(`/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The structured log lines (worker/observability/log.ts) a console spy saw, parsed. */
export function loggedEvents(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return spy.mock.calls.flatMap(([line]) => {
    try {
      return [JSON.parse(String(line)) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/**
 * Waits for a fresh rate-limit window if the current one ends within `neededMs`. Local limiters count
 * in windows aligned to the wall clock, so a test that must see a limit's worth of requests inside
 * one window would otherwise fail whenever it straddles a window's end.
 */
export async function inFreshRateLimitWindow(periodSeconds: 10 | 60, neededMs: number): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A new workspace the client's user owns, made through the app's own API; its id. */
export async function createWorkspace(client: Client, name = "Acme team"): Promise<string> {
  const response = await client.json("POST", "/api/workspaces", { name });
  if (response.status !== 201)
    throw new Error(`workspace creation failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { workspace: { id: string } }).workspace.id;
}

/**
 * Makes the user a member of the workspace with that role, as an accepted invitation leaves it (the
 * invitations are tested on their own): a row in real storage.
 */
export async function addMember(workspaceId: string, userId: string, role: "owner" | "editor" | "viewer") {
  await env.DB.prepare(
    "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET role = excluded.role",
  )
    .bind(workspaceId, userId, role, Date.now())
    .run();
}

/**
 * The shards' writers binding with each writeClicks call reported to `onCall` (its clicks) before it
 * goes on: what a test or bench counts of the redirect's calls to the writers.
 */
export function writersReportingCalls(
  writers: Env["SHARD_WRITERS"],
  onCall: (clicks: number) => void,
): Env["SHARD_WRITERS"] {
  return new Proxy(writers, {
    get(target, property) {
      const value = Reflect.get(target, property).bind(target);
      if (property !== "get") return value;
      return (id: DurableObjectId) => {
        const writer = target.get(id);
        return {
          writeClicks: (...args: Parameters<typeof writer.writeClicks>) => {
            onCall(args[1].length);
            return writer.writeClicks(...args);
          },
        };
      };
    },
  });
}

/** As the entries the redirect keeps of these KV keys expiring, in this isolate and at this location. */
export async function expireCachedEntries(keys: string[]): Promise<void> {
  forgetInIsolate(keys);
  await forgetAtLocation(env, keys);
}
