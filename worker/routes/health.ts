import { Hono } from "hono";
import type { HealthResponse } from "../../contract/api";
import type { AppEnv } from "../env";
import { log } from "../observability/log";

type Check = "ok" | "failed";

async function check(name: string, requestId: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return "ok";
  } catch (error) {
    log("error", "health_check_failed", { requestId, check: name, error });
    return "failed";
  }
}

/** `GET /api/health`: 200 when D1 and KV answer, 503 naming the one that did not. For uptime monitors. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const requestId = c.get("requestId");
  const [d1, kv] = await Promise.all([
    check("d1", requestId, () => c.env.DB.prepare("SELECT 1").first()),
    check("kv", requestId, () => c.env.LINKS.get("health:probe")),
  ]);
  const ok = d1 === "ok" && kv === "ok";
  c.header("cache-control", "no-store");
  return c.json(
    { status: ok ? "ok" : "failed", checks: { d1, kv } } satisfies HealthResponse,
    ok ? 200 : 503,
  );
});
