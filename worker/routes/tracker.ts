import { Hono } from "hono";
import { cors } from "hono/cors";
import { SITE_KEY_PATTERN, sightingSchema } from "../../contract/api/tracking";
import { CONVERSION_MESSAGES } from "../../contract/messages";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { BEACON_MAX_BODY_BYTES, limitBody } from "../middleware/body-limit";
import { goalsOfSite, recordSighting } from "../services/tracking";

const INVALID_SIGHTING = CONVERSION_MESSAGES.invalidSighting;

// The goals change when the owner edits a test: a browser and the edge keep them a minute.
const GOALS_MAX_AGE_SECONDS = 60;

/**
 * The tag's own routes, from any site: the workspace's goals (and whether the tag reports to GA4 and Tag
 * Manager), and where the tag ran. The script itself,
 * /t.js, is a static asset (web/tag/).
 */
export const trackerRoutes = new Hono<AppEnv>()
  .use("/t/*", cors({ origin: "*", allowMethods: ["GET", "POST", "OPTIONS"], maxAge: 86400 }))
  .get("/t/goals/:siteKey", async (c) => {
    if (!SITE_KEY_PATTERN.test(c.req.param("siteKey"))) return c.notFound();
    const cache = caches.default;
    const cached = await cache.match(c.req.raw);
    // A copy: a cached answer's headers cannot change, and CORS adds its own.
    if (cached) return new Response(cached.body, cached);
    const settings = await goalsOfSite(c.env.DB, c.req.param("siteKey"));
    if (!settings) return c.notFound();
    const response = c.json(settings, 200, {
      "cache-control": `public, max-age=${GOALS_MAX_AGE_SECONDS}`,
    });
    c.executionCtx.waitUntil(cache.put(c.req.raw, response.clone()));
    return response;
  })
  .post("/t/seen", limitBody(BEACON_MAX_BODY_BYTES, INVALID_SIGHTING), async (c) => {
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError("invalid_input", INVALID_SIGHTING);
    }
    const sighting = sightingSchema.safeParse(json);
    if (!sighting.success) throw new ApiError("invalid_input", INVALID_SIGHTING);
    const { siteKey, testId, kind, url } = sighting.data;
    recordSighting(c.env, c.executionCtx, { siteKey, testId, kind, url: new URL(url) });
    return c.body(null, 204);
  });
