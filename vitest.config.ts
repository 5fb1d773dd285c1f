import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          APP_HOST: "app.splitlink.test",
          JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/setup.ts"],
    // Some tests wait for the queue consumer, which batches for up to 2 s.
    testTimeout: 20_000,
  },
}));
