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
    fileParallelism: false,
  },
});
