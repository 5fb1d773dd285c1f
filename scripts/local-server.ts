import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configWithoutDurableObjects, migrateShards } from "./migrate-shards.ts";
import { OFFLINE_ENV, outputOf } from "./processes.ts";

// Starts `wrangler dev` on a free port with fresh local state, offline. Used by the browser tests and benchmarks.

export interface LocalServer {
  url: string;
  persistDir: string;
  /** Wrangler's DevTools port for the Worker (bench/redirect-profile.ts profiles through it). */
  inspectorPort: number;
  stop(options?: { keepState?: boolean }): Promise<void>;
}

export interface LocalServerOptions {
  /** A Worker script to run instead of the app of wrangler.toml (e.g. a benchmark baseline). */
  script?: string;
  vars?: Record<string, string>;
  /** The local state of an earlier server (stopped with keepState) to start on, instead of a fresh one. */
  persistDir?: string;
  /** Lets GET /__scheduled?cron=… run a Cron Trigger (wrangler's --test-scheduled), for the browser tests. */
  testScheduled?: boolean;
  /** A Wrangler configuration to use instead of wrangler.toml (with `script`). */
  config?: string;
  /**
   * The path asked until the server answers. The default `/` runs the Worker; a path the Static
   * Assets router answers alone (e.g. `/assets/…`) leaves its isolate untouched for a cold-start bench.
   */
  readyPath?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Waits for `url` to answer while `server` runs, at most `seconds`. */
export async function waitUntilServing(
  url: string,
  server: ChildProcess,
  output: () => string,
  seconds = 90,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer on ${url} within ${seconds} s:\n${output()}`);
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const persistDir = options.persistDir ?? mkdtempSync(join(tmpdir(), "splitlink-local-"));
  const scriptArgs = options.script
    ? [options.script, "--compatibility-date", "2026-11-01", "--name", "baseline"]
    : [];
  // A baseline script exports none of the app's Durable Object classes, which wrangler.toml binds.
  const baselineConfig =
    options.script && !options.config ? configWithoutDurableObjects("baseline") : undefined;
  const config = options.config ?? baselineConfig;
  if (config) scriptArgs.push("--config", config);
  if (!options.script && !options.persistDir) {
    await migrateShards(["--local", "--persist-to", persistDir], { quiet: true });
  }
  const port = await freePort();
  const inspectorPort = await freePort();
  const url = `http://localhost:${port}`;
  // The app's alerts and digests link to the server that sent them (worker/lib/links.ts ownOrigin).
  const all = options.script ? { ...options.vars } : { LOCAL_ORIGIN: url, ...options.vars };
  const vars = Object.entries(all).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const args = [
    "dev",
    ...scriptArgs,
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
    ...(options.testScheduled ? ["--test-scheduled"] : []),
    ...vars,
  ];
  // wrangler dev records every invocation's trace for its local explorer, in the same workerd: a fifth to a
  // third of its time under a bench's load (bench/RESULTS.md §46), and nothing production's redirect does.
  // The tests and benches read nothing of it; `npm start` keeps it.
  const env = { ...OFFLINE_ENV, X_LOCAL_OBSERVABILITY: "false" };
  const server = spawn("wrangler", args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const removeConfig = () => baselineConfig && rmSync(baselineConfig, { force: true });
  await waitUntilServing(`${url}${options.readyPath ?? "/"}`, server, outputOf(server)).catch((error) => {
    removeConfig();
    throw error;
  });
  return {
    url,
    persistDir,
    inspectorPort,
    async stop({ keepState = false } = {}) {
      // A second stop finds it gone.
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      }
      removeConfig();
      if (!keepState) rmSync(persistDir, { recursive: true, force: true });
    },
  };
}
