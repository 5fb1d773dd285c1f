// Drives a redirect with autocannon: the one load loop of the Node benchmarks (redirect.ts, startup.ts).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { visitorAddress } from "../scripts/splitlink-api.ts";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Every answer's time, ms: runs pooled give a p99 set by many answers, not one run's slowest 20. */
  latencies: number[];
}

export interface LoadTarget {
  url: string;
  host?: string;
  /** Paths to request once each, in turn, instead of `url` over and over. */
  paths?: string[];
  /** A returning visitor: the cookies every request carries; no answer may then set a cookie. */
  cookie?: string;
  /** Every request from this one address (a flood), instead of a new address for each visitor. */
  address?: string;
}

let visitors = 0;

/**
 * Sends `amount` requests at CONNECTIONS concurrency, each from a new visitor with an address of its
 * own; fails unless every answer is a redirect.
 */
export async function loadRedirects(target: LoadTarget, amount: number): Promise<Figures> {
  let next = 0;
  let setCookies = 0;
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url: target.url,
    amount,
    connections: CONNECTIONS,
    headers: {
      "user-agent": BROWSER_UA,
      ...(target.host ? { host: target.host } : {}),
      ...(target.cookie ? { cookie: target.cookie } : {}),
    },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          ...(target.paths ? { path: target.paths[next++] ?? "/" } : {}),
          headers: { ...request.headers, "cf-connecting-ip": target.address ?? visitorAddress(visitors++) },
        }),
        onResponse: (_status, _body, _context, headers) => {
          if (target.cookie && Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "set-cookie"))
            setCookies++;
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    run.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  // A 302 counts as non-2xx: every answer must be one, and nothing may fail.
  if (result.non2xx !== amount || result.errors > 0 || result.timeouts > 0 || result["3xx"] !== amount) {
    throw new Error(
      `${target.url}: expected ${amount} redirects, got ${JSON.stringify(result.statusCodeStats)}`,
    );
  }
  if (setCookies > 0)
    throw new Error(`${target.url}: ${setCookies} answers to a returning visitor set a cookie`);
  // Throughput by Little's law (closed loop: each connection sends its next request on an answer):
  // autocannon ends a run on its 1 s tick, so amount / duration would be quantised to whole seconds.
  const rps = (CONNECTIONS * 1000) / result.latency.mean;
  return { rps, p50: result.latency.p50, p99: result.latency.p99, latencies };
}

/** The cookies one first visit to `url` is given, as a returning visitor sends them back. */
export async function firstVisitCookies(url: string): Promise<string> {
  const response = await fetch(url, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, "cf-connecting-ip": "192.0.2.1" },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie.includes("sl_sid=")) {
    throw new Error(`a first visit should set sl_sid: ${response.status} ${cookie}`);
  }
  return cookie;
}

/** How many clicks the recording reference Worker (bench/recording-redirect.ts) at `origin` holds in D1. */
export async function recordedClicks(origin: string): Promise<number> {
  return Number(await (await fetch(`${origin}/clicks`)).text());
}

/** A copy of a Wrangler configuration without the consumer of `queue` (its paths stay relative to it). */
function withoutConsumer(config: string, queue: string, copy: string): string {
  const blocks = readFileSync(config, "utf8").split(/\n(?=\[)/);
  const kept = blocks.filter(
    (block) => !(block.startsWith("[[queues.consumers]]") && block.includes(`"${queue}"`)),
  );
  if (kept.length !== blocks.length - 1) throw new Error(`${config}: no single consumer of ${queue}`);
  writeFileSync(copy, kept.join("\n"));
  return copy;
}

// The copies are named for this process, so two benches running at once do not write each other's.

/** The app's configuration in the checkout at `dir` with no consumer on its clicks queue (see below). */
export function appWithoutConsumer(dir: string): string {
  return withoutConsumer(
    join(dir, "wrangler.toml"),
    "splitlink-clicks",
    join(dir, `wrangler.bench-no-consumer-${process.pid}.toml`),
  );
}

/** The recording reference's configuration with no consumer on its clicks queue (see below). */
export function recordingWithoutConsumer(): string {
  return withoutConsumer(
    "bench/recording.wrangler.toml",
    "bench-recording-clicks",
    `bench/recording-no-consumer-${process.pid}.wrangler.toml`,
  );
}

/**
 * The app's and the recording reference's configurations with no consumer on their clicks queue: their
 * events wait in the local queue, unread, so a bench can measure a redirect without its consumer's work,
 * which locally shares the process (and D1's writes the thread) with it and in production runs apart.
 */
export function configsWithoutConsumer() {
  const app = appWithoutConsumer(".");
  const recording = recordingWithoutConsumer();
  return {
    app,
    recording,
    remove() {
      rmSync(app, { force: true });
      rmSync(recording, { force: true });
    },
  };
}
