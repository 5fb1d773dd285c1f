import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser tests: Node drives Chromium (tests/e2e/chromium-path.ts) against the app served by wrangler dev.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time against the one server: most of a browser test is waiting (the queue's
    // batches, the page), and each file signs up its own users.
    maxWorkers: 2,
  },
});
