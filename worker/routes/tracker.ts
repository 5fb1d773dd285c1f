import { Hono } from "hono";
import type { AppEnv } from "../env";
import { TRACKER_SCRIPT } from "../tracker/script";

/** `GET /t.js`: the tracker script a merchant's pages load, from any site. */
export const trackerRoutes = new Hono<AppEnv>().get("/t.js", (c) => {
  return c.body(TRACKER_SCRIPT, 200, {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
  });
});
