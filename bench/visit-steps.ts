// Where a live visit's time goes inside the Worker: each step of worker/redirect/visit.ts, and the whole
// visit() for a first and a returning visitor, timed in a loop in Node (V8, as in workerd), next to what
// the recording reference (bench/recording-redirect.ts) does per request. workerd's clock stands still
// while a request runs, so the loop runs in Node; the worker code is bundled with esbuild as Wrangler does.
// Node's WebCrypto runs each HMAC as an async job on its thread pool, so HMAC steps read high here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { TrafficRules, TrafficSource } from "../contract/traffic.ts";
import { fixed, median, printTable } from "./table.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20_000);
const BATCHES = 5;
const SECRET = "bench-secret-that-is-long-enough-for-hs256-000000";
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

type Link = {
  id: string;
  variants: { url: string; weight: number }[];
  status: string;
  winnerVariant: null;
  bucketSecret: string;
};
type Env = { JWT_SECRET: string; CLICKS: { sendBatch(messages: unknown[]): Promise<void> } };
type Background = { waitUntil(promise: Promise<unknown>): void };
interface Steps {
  visit(request: Request, url: URL, env: Env, ctx: Background, link: Link): Promise<Response>;
  verifySession(secret: string, value: string | undefined): Promise<string | null>;
  issueSession(secret: string): Promise<{ id: string; cookie: string }>;
  addressHash(secret: string, address: string, testId: string): Promise<string>;
  chooseVariant(link: Link, sessionId: string): Promise<string>;
  urlOf(link: Link, variant: string): string;
  buildDestination(
    destination: string,
    incoming: URLSearchParams,
    testId: string,
    sessionId: string,
    variant: string,
  ): string;
  eventId(): string;
  readCookie(header: string | null, name: string): string | undefined;
  serializeCookie(name: string, value: string, maxAge: number, secure: boolean): string;
  enqueueEvent(env: Env, ctx: Background, event: unknown): void;
  isbot(userAgent: string | null): boolean;
  agentOf(request: Request): unknown;
  matchedRule(rules: TrafficRules, source: TrafficSource): string | null;
}

const work = mkdtempSync(join(tmpdir(), "splitlink-visit-steps-"));
const outfile = join(work, "steps.mjs");
await build({
  stdin: {
    contents: `export { visit } from "./worker/redirect/visit";
export { verifySession, issueSession, addressHash } from "./worker/redirect/session";
export { chooseVariant, urlOf, buildDestination } from "./worker/redirect/variant";
export { eventId } from "./worker/lib/ids";
export { readCookie, serializeCookie } from "./worker/lib/cookies";
export { enqueueEvent } from "./worker/queue/producer";
export { isbot } from "isbot";
export { agentOf } from "./worker/lib/user-agent";
export { matchedRule } from "./contract/traffic";`,
    resolveDir: process.cwd(),
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  outfile,
  logLevel: "error",
});
// The producer waits out its batch window with the Workers scheduler; here the window closes at once.
Object.assign(globalThis, { scheduler: { wait: () => Promise.resolve() } });
const steps = (await import(pathToFileURL(outfile).href)) as Steps;
rmSync(work, { recursive: true, force: true });

const link: Link = {
  id: "0194f0c2-7a1e-7000-8000-000000000001",
  variants: [
    { url: "https://example.com/a?ref=x", weight: 50 },
    { url: "https://example.com/b", weight: 50 },
  ],
  status: "active",
  winnerVariant: null,
  bucketSecret: "a-test-secret-0123",
};
const env: Env = { JWT_SECRET: SECRET, CLICKS: { sendBatch: async () => {} } };
const ctx: Background = { waitUntil: () => {} };
const session = await steps.issueSession(SECRET);
const requestUrl = "http://localhost:8787/r/abc123";
const first = () =>
  new Request(requestUrl, { headers: { "user-agent": UA, "cf-connecting-ip": "10.0.0.1" } });
const firstResponse = await steps.visit(first(), new URL(requestUrl), env, ctx, link);
const returningCookie = firstResponse.headers
  .getSetCookie()
  .map((cookie) => cookie.split(";")[0])
  .join("; ");
const returning = () =>
  new Request(requestUrl, {
    headers: { "user-agent": UA, "cf-connecting-ip": "10.0.0.1", cookie: returningCookie },
  });

/** Microseconds per call: median over BATCHES batches of ITERATIONS calls. */
async function time(step: () => unknown): Promise<number> {
  for (let i = 0; i < ITERATIONS / 10; i++) await step(); // warm-up (JIT)
  const batches: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i++) await step();
    batches.push(((performance.now() - started) * 1000) / ITERATIONS);
  }
  return median(batches);
}

const variant = await steps.chooseVariant(link, session.id);
// A workspace at the traffic rules' caps: 100 internal ranges and 100 blocked ones, none the visitor's.
const fullRules: TrafficRules = {
  internal: Array.from({ length: 100 }, (_, i) => `198.18.${i}.0/24`),
  blocked: Array.from({ length: 100 }, (_, i) => ({ type: "address" as const, value: `2001:db8:${i}::/48` })),
  machineTraffic: true,
};
const noRules: TrafficRules = { internal: [], blocked: [], machineTraffic: true };
const visitorSource: TrafficSource = {
  address: "10.0.0.1",
  asn: 3320,
  userAgent: UA.toLowerCase(),
  referrerHost: null,
};
const incoming = new URL(requestUrl).searchParams;
const agentRequest = first();
const timed: [string, string, () => unknown][] = [
  ["read the session cookie", "returning", () => steps.readCookie(returningCookie, "sl_sid")],
  [
    "verify its HMAC (WebCrypto sign + compare)",
    "returning",
    () => steps.verifySession(SECRET, session.cookie),
  ],
  ["issue a session (UUID + HMAC)", "first", () => steps.issueSession(SECRET)],
  ["address hash (HMAC)", "both", () => steps.addressHash(SECRET, "10.0.0.1", link.id)],
  ["isbot(user agent)", "both", () => steps.isbot(UA)],
  ["the user agent's facts, an agent the isolate has read", "both", () => steps.agentOf(agentRequest)],
  [
    "choose the variant (SHA-256 with the test's secret + weights)",
    "both",
    () => steps.chooseVariant(link, session.id),
  ],
  [
    "build the destination URL",
    "both",
    () => steps.buildDestination(steps.urlOf(link, variant), incoming, link.id, session.id, variant),
  ],
  ["event id (72 random bits)", "both", () => steps.eventId()],
  ["the workspace's traffic rules, none set", "both", () => steps.matchedRule(noRules, visitorSource)],
  ["the workspace's traffic rules, 200 ranges", "both", () => steps.matchedRule(fullRules, visitorSource)],
  ["enqueue (add to the open batch)", "both", () => steps.enqueueEvent(env, ctx, { type: "click" })],
  ["a Set-Cookie value", "first", () => steps.serializeCookie("sl_sid", session.cookie, 1, true)],
  [
    "302 with its headers",
    "both",
    () =>
      new Response(null, {
        status: 302,
        headers: { location: "https://example.com/a", "cache-control": "private, no-store" },
      }),
  ],
  ["whole visit(), first visit", "first", () => steps.visit(first(), new URL(requestUrl), env, ctx, link)],
  [
    "whole visit(), returning visitor",
    "returning",
    () => steps.visit(returning(), new URL(requestUrl), env, ctx, link),
  ],
  [
    "recording reference: UUID + 302",
    "reference",
    () => {
      crypto.randomUUID();
      return new Response(null, { status: 302, headers: { location: "https://example.com/a" } });
    },
  ],
  ["(a Request to visit, built by the loop)", "both", () => first()],
];
const rows = [];
for (const [step, visitor, run] of timed)
  rows.push({ step, visitor, "µs per call": fixed(await time(run), 1) });
printTable(
  `Steps of a visit in Node ${process.version}, ${ITERATIONS} calls x ${BATCHES} batches (median µs per call)`,
  rows,
  "visit steps: see the table (Worker code only; the Request the loop builds is listed for subtraction)",
);
