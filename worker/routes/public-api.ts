import { Hono } from "hono";
import type {
  ConversionResponse,
  DomainListResponse,
  PendingConversionResponse,
  TestBreakdownsResponse,
  TestResponse,
  TrafficQualityResponse,
} from "../../contract/api";
import { getDb } from "../db/client";
import { type ApiKeyEnv, requireApiKey } from "../middleware/require-api-key";
import { validate } from "../middleware/validate";
import { publicApiDocument, testIdParam } from "../openapi/public-api";
import { enqueueEvent } from "../queue/producer";
import { idempotencyHeaderSchema, recordConversionSchema, recordedValue } from "../schemas/conversions";
import { trafficQualityOfTest } from "../services/analytics";
import { breakdownsOf } from "../services/breakdowns";
import { recordServerConversion } from "../services/conversions";
import { listDomains } from "../services/domains";
import { deleteSplitTest, getSplitTest, linkContext, ownedTest } from "../services/split-tests";
import { changeTest, createTest, listTests } from "./split-tests";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from "./webhooks";

/**
 * The public REST API (/api/v1): API-key callers get the same services, schemas and messages as the
 * app's own API. Every route here is described in worker/openapi/public-api.ts.
 */
export const publicApiRoutes = new Hono<ApiKeyEnv>()
  // Public: answered before the key check below.
  .get("/openapi.json", (c) => c.json(publicApiDocument(), 200))
  .use(requireApiKey)
  .get("/tests", ...listTests)
  .post("/tests", ...createTest)
  .get("/tests/:id", validate("param", testIdParam), async (c) => {
    const key = { id: c.req.valid("param").id };
    const test = await getSplitTest(getDb(c.env.DB), c.get("user").id, key, linkContext(c.req.url, c.env));
    return c.json({ test } satisfies TestResponse, 200);
  })
  .get("/tests/:id/breakdowns", validate("param", testIdParam), async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("user").id, { id: c.req.valid("param").id });
    return c.json({ breakdowns: await breakdownsOf(c.env.DB, test) } satisfies TestBreakdownsResponse, 200);
  })
  .get("/tests/:id/traffic-quality", validate("param", testIdParam), async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("user").id, { id: c.req.valid("param").id });
    const trafficQuality = await trafficQualityOfTest(c.env.DB, test.id);
    return c.json({ trafficQuality } satisfies TrafficQualityResponse, 200);
  })
  .patch("/tests/:id", validate("param", testIdParam), ...changeTest)
  .delete("/tests/:id", validate("param", testIdParam), async (c) => {
    await deleteSplitTest(c.env, c.executionCtx, c.get("user").id, c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  })
  .post(
    "/conversions",
    validate("header", idempotencyHeaderSchema),
    validate("json", recordConversionSchema),
    async (c) => {
      const { testId, sessionId, ...value } = c.req.valid("json");
      const key = c.req.valid("header")["idempotency-key"];
      const conversion = { testId, sessionId, ...recordedValue(value) };
      const answer = await recordServerConversion(c.env, c.get("user").id, key, conversion);
      if (answer.pending) enqueueEvent(c.env, c.executionCtx, { type: "conversion", ...answer.pending });
      if (answer.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(answer.body satisfies ConversionResponse | PendingConversionResponse, answer.status);
    },
  )
  .get("/domains", async (c) => {
    const domains = await listDomains(getDb(c.env.DB), c.get("user").id);
    return c.json({ domains, fallbackOrigin: c.env.FALLBACK_ORIGIN } satisfies DomainListResponse, 200);
  })
  .get("/webhooks", ...listWebhookEndpoints)
  .post("/webhooks", ...createWebhookEndpoint)
  .delete("/webhooks/:id", ...deleteWebhookEndpoint);
