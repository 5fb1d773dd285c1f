import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Load tests: Node drives the app served by wrangler dev (real queue, real local D1) with many requests.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/load/**/*.load.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
