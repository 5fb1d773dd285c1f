import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// A zone behind UTC by 9½ hours, with no summer time: a helper that mixes the browser's local time with
// UTC (a day counted from midnight UTC is still the day before here) shows in these tests, wherever
// they run.
process.env.TZ = "Pacific/Marquesas";

// The web app's unit tests (`npm run test:web`): its pure helpers (form drafts, chart scale, formats) in
// plain Node, with no DOM; what needs a browser is covered by the browser tests (tests/e2e).
export default defineConfig({
  root: fromRoot(""),
  resolve: {
    alias: [
      { find: "@contract", replacement: fromRoot("contract") },
      { find: "@", replacement: fromRoot("web/src") },
    ],
  },
  test: {
    include: ["tests/web/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/web/setup.ts"],
    // CI draws the same inputs every run; locally each run draws new ones (fast-check prints a failing seed).
    env: { PROPERTY_SEED: process.env.CI ? "20261125" : "" },
  },
});
