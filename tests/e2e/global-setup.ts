import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH } from "./chromium-path";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    persistDir: string;
  }
}

const offline = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function freePort(): Promise<number> {
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

async function waitUntilServing(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer on ${url} within 60 s:\n${output()}`);
}

/** Starts the app with wrangler dev on a free port and fresh local D1/KV state for the browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser tests need Debian's chromium: run 'apt-get install -y chromium' (or set CHROMIUM_PATH).`,
    );
  }
  if (!existsSync("dist/index.html")) throw new Error("The SPA is not built: run 'npm run build' first.");

  const persistDir = mkdtempSync(join(tmpdir(), "splitlink-e2e-"));
  execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], {
    env: offline,
    stdio: "pipe",
  });

  const port = await freePort();
  let log = "";
  const server = spawn(
    "wrangler",
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(await freePort()),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      "--var",
      "JWT_SECRET:e2e-secret-that-is-long-enough-for-hs256-0123456789",
    ],
    { env: offline, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));

  const baseURL = `http://localhost:${port}`;
  await waitUntilServing(baseURL, server, () => log);
  project.provide("baseURL", baseURL);
  project.provide("persistDir", persistDir);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    rmSync(persistDir, { recursive: true, force: true });
  };
}
