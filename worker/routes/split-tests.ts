import { Hono } from "hono";
import * as z from "zod";
import type {
  SlugAvailabilityResponse,
  TestAnalyticsResponse,
  TestBreakdownsResponse,
  TestListResponse,
  TestResponse,
} from "../../contract/api";
import { LIFECYCLE_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { customSlugProblem } from "../../contract/slug";
import { VARIANT_LABELS } from "../../contract/variants";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import { createTestSchema, updateTestSchema } from "../schemas/split-tests";
import { analyticsOf } from "../services/analytics";
import { breakdownsOf } from "../services/breakdowns";
import { ownedDomain } from "../services/domains";
import { dailyRollupCsv, streamEventsCsv } from "../services/export";
import {
  changeLifecycle,
  createSplitTest,
  customSlugTaken,
  deleteSplitTest,
  getSplitTest,
  linkContext,
  listSplitTests,
  ownedTest,
  updateTest,
} from "../services/split-tests";
import { withUser } from "./with-user";

const slugQuery = z.object({
  slug: z.string({ error: TEST_MESSAGES.invalidCustomSlugService }).trim().max(100),
  domainId: z.string({ error: TEST_MESSAGES.domainNotUsable }).min(1, TEST_MESSAGES.domainNotUsable).max(64),
});

const promoteSchema = z.object(
  { variant: z.enum(VARIANT_LABELS, { error: LIFECYCLE_MESSAGES.chooseVariant }) },
  { error: LIFECYCLE_MESSAGES.chooseVariant },
);

/** Listing the caller's tests, the same for the app's API and the public API. */
export const listTests = withUser.createHandlers(async (c) => {
  const tests = await listSplitTests(getDb(c.env.DB), c.get("user").id, linkContext(c.req.url, c.env));
  return c.json({ tests } satisfies TestListResponse, 200);
});

/** Creating a test, the same for the app's API and the public API. */
export const createTest = withUser.createHandlers(validate("json", createTestSchema), async (c) => {
  const link = linkContext(c.req.url, c.env);
  const test = await createSplitTest(c.env, c.executionCtx, c.get("user").id, c.req.valid("json"), link);
  return c.json({ test } satisfies TestResponse, 201);
});

/** New variants and weights (until the first counted click) or end settings; both APIs, by test id. */
export const changeTest = withUser.createHandlers(validate("json", updateTestSchema), async (c) => {
  const link = linkContext(c.req.url, c.env);
  const test = await updateTest(c.env, c.get("user").id, c.req.param("id") ?? "", c.req.valid("json"), link);
  return c.json({ test } satisfies TestResponse, 200);
});

function csvHeaders(filename: string) {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  };
}

export const splitTestRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", ...listTests)
  .post("/", ...createTest)
  .get("/slug-availability", validate("query", slugQuery), async (c) => {
    const { slug, domainId } = c.req.valid("query");
    const db = getDb(c.env.DB);
    await ownedDomain(db, c.get("user").id, domainId);
    const problem = customSlugProblem(slug);
    const status = problem ?? ((await customSlugTaken(db, domainId, slug)) ? "taken" : "available");
    return c.json({ available: status === "available", status } satisfies SlugAvailabilityResponse, 200);
  })
  .get("/:slug/analytics", async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("user").id, { slug: c.req.param("slug") });
    return c.json({ analytics: await analyticsOf(c.env.DB, test) } satisfies TestAnalyticsResponse, 200);
  })
  .get("/:slug/breakdowns", async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("user").id, { slug: c.req.param("slug") });
    return c.json({ breakdowns: await breakdownsOf(c.env.DB, test) } satisfies TestBreakdownsResponse, 200);
  })
  .get("/:slug", async (c) => {
    const key = { slug: c.req.param("slug") };
    const test = await getSplitTest(getDb(c.env.DB), c.get("user").id, key, linkContext(c.req.url, c.env));
    return c.json({ test } satisfies TestResponse, 200);
  })
  .post("/:id/:action{pause|resume}", async (c) => {
    const change = { action: c.req.param("action") === "pause" ? ("pause" as const) : ("resume" as const) };
    const link = linkContext(c.req.url, c.env);
    const test = await changeLifecycle(c.env, c.get("user").id, c.req.param("id"), change, link);
    return c.json({ test } satisfies TestResponse, 200);
  })
  .patch("/:id", ...changeTest)
  .post("/:id/promote", validate("json", promoteSchema), async (c) => {
    const change = { action: "promote" as const, variant: c.req.valid("json").variant };
    const link = linkContext(c.req.url, c.env);
    const test = await changeLifecycle(c.env, c.get("user").id, c.req.param("id"), change, link);
    return c.json({ test } satisfies TestResponse, 200);
  })
  .get("/:id/export/events.csv", async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("user").id, { id: c.req.param("id") });
    return c.body(streamEventsCsv(c.env, test.id), 200, csvHeaders(`splitlink-${test.slug}-events.csv`));
  })
  .get("/:id/export/daily.csv", async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("user").id, { id: c.req.param("id") });
    return c.body(await dailyRollupCsv(c.env.DB, test), 200, csvHeaders(`splitlink-${test.slug}-daily.csv`));
  })
  .delete("/:id", async (c) => {
    await deleteSplitTest(c.env, c.executionCtx, c.get("user").id, c.req.param("id"));
    return c.json({ ok: true }, 200);
  });
