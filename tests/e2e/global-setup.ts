import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startLocalServer } from "../../scripts/local-server";
import { chromiumPath } from "./chromium-path";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

/** Starts the app with wrangler dev on a free port and fresh local D1/KV state for the browser tests. */
export default async function setup(project: TestProject) {
  // Found (and unpacked, for the packaged one) once here, before the test files run side by side.
  project.provide("chromiumPath", await chromiumPath());
  if (!existsSync("dist/index.html")) throw new Error("The SPA is not built: run 'npm run build' first.");

  const server = await startLocalServer({
    // No mail provider: emails land in the local outbox, where the browser tests follow their links.
    vars: { JWT_SECRET: "e2e-secret-that-is-long-enough-for-hs256-0123456789", DEV_OUTBOX: "true" },
    // The autopilot journey runs the ten-minute cron by hand.
    testScheduled: true,
  });
  project.provide("baseURL", server.url);
  return () => server.stop();
}
