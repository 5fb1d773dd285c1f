import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      MIGRATION_TEST_DB: D1Database;
      /** Set in CI: the property tests' seed, so a submission's run is reproducible. */
      PROPERTY_SEED: string;
      /** Set to print each file's number of assertions run (tests/worker/setup.ts). */
      COUNT_EXPECTS: string;
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
  }
}
