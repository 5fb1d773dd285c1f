import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      MIGRATION_TEST_DB: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
  }
}
