import { Hono } from "hono";
import type {
  CreateTestInput,
  DeletedResponse,
  ImportResponse,
  ImportRowOutcome,
  ImportTestsInput,
  SlugAvailabilityResponse,
  TestAnalyticsResponse,
  TestBreakdownsResponse,
  TestHistoryResponse,
  TestListQuery,
  TestListResponse,
  TestResponse,
  TrackingSetupResponse,
  UpdateTestInput,
  Variant,
} from "../../contract/api";
import { breakdownsQuerySchema } from "../../contract/api/breakdowns";
import { importQuerySchema, importTestsSchema } from "../../contract/api/imports";
import {
  createTestSchema,
  promoteSchema,
  slugQuerySchema,
  updateTestSchema,
} from "../../contract/api/split-tests";
import { MAX_IMPORT_CREATE_ROWS } from "../../contract/imports";
import { IMPORT_MESSAGES } from "../../contract/messages";
import { customSlugProblem } from "../../contract/slug";
import { getDb } from "../db/client";
import { eventsDb } from "../db/shards";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { analyticsOf } from "../services/analytics";
import { breakdownsOf } from "../services/breakdowns";
import { ownedDomain } from "../services/domains";
import { dailyRollupCsv, streamEventsCsv } from "../services/export";
import { recordChange, testChanges, testHistory } from "../services/history";
import { planImport } from "../services/imports";
import {
  changeLifecycle,
  createSplitTest,
  customSlugTaken,
  deleteSplitTest,
  getSplitTest,
  linkContext,
  listSplitTests,
  ownedTest,
  type TestKey,
  updateTest,
} from "../services/split-tests";
import { tagsOfTest } from "../services/tags";
import { setupOf } from "../services/tracking";
import { actingIn, creatorOf, type UserContext, type UserEnv } from "./with-user";

/** Listing the caller's tests, the same for the app's API and the public API. */
export async function listTests<E extends UserEnv>(c: UserContext<E>, filter: TestListQuery = {}) {
  const tests = await listSplitTests(c.env, c.get("workspace").id, linkContext(c.req.url, c.env), filter);
  return c.json({ tests } satisfies TestListResponse, 200);
}

/** Creating a test, the same for the app's API and the public API. */
export async function createTest<E extends UserEnv>(c: UserContext<E>, input: CreateTestInput) {
  const test = await createRecorded(c, input);
  return c.json({ test } satisfies TestResponse, 201);
}

/** A new test, recorded in the history as created: a create's and each imported row's. */
async function createRecorded<E extends UserEnv>(c: UserContext<E>, input: CreateTestInput) {
  const link = linkContext(c.req.url, c.env);
  const test = await createSplitTest(c.env, c.executionCtx, creatorOf(c), input, link);
  await recordChange(getDb(c.env.DB), {
    ...testEvent(c, test.id),
    action: "test.created",
    details: { name: test.name },
  });
  return test;
}

/**
 * A file's rows as links (issue #49, point 5), the same for both APIs: a dry run answers what each row
 * would become; else each ready row is created in order through the create's own path, and a row the
 * create refuses after all (a slug taken meanwhile) is answered refused with its reason.
 */
export async function importTests<E extends UserEnv>(
  c: UserContext<E>,
  file: ImportTestsInput,
  dryRun: boolean,
) {
  if (!dryRun && file.links.length > MAX_IMPORT_CREATE_ROWS)
    throw new ApiError("invalid_input", IMPORT_MESSAGES.tooManyToCreate(file.links.length));
  const planned = await planImport(c.env, c.get("workspace").id, file.links, linkContext(c.req.url, c.env));
  const rows: ImportRowOutcome[] = [];
  for (const { outcome, input } of planned) {
    if (dryRun || !input) {
      rows.push(outcome);
      continue;
    }
    try {
      const test = await createRecorded(c, input);
      rows.push({ ...outcome, status: "created", testId: test.id, link: test.link });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rows.push({ ...outcome, status: "refused", reason: error.message });
    }
  }
  const counted = (status: ImportRowOutcome["status"]) => rows.filter((row) => row.status === status).length;
  return c.json(
    {
      dryRun,
      format: file.format,
      rows,
      ready: counted("ready"),
      created: counted("created"),
      refused: counted("refused"),
    } satisfies ImportResponse,
    200,
  );
}

/** A test with its stats, by id (public API) or slug (the app). */
export async function getTest<E extends UserEnv>(c: UserContext<E>, key: TestKey) {
  const test = await getSplitTest(c.env, c.get("workspace").id, key, linkContext(c.req.url, c.env));
  return c.json({ test } satisfies TestResponse, 200);
}

/** A test's breakdowns, by id (public API) or slug (the app). */
export async function getBreakdowns<E extends UserEnv>(c: UserContext<E>, key: TestKey, metric?: string) {
  const test = await ownedTest(getDb(c.env.DB), c.get("workspace").id, key);
  const breakdowns = await breakdownsOf(eventsDb(c.env, test.shard), test, metric);
  return c.json({ breakdowns } satisfies TestBreakdownsResponse, 200);
}

/** A test's setup checklist, by id (public API) or slug (the app): the same state for both. */
export async function getSetup<E extends UserEnv>(c: UserContext<E>, key: TestKey) {
  const test = await ownedTest(getDb(c.env.DB), c.get("workspace").id, key);
  return c.json(
    { setup: await setupOf(eventsDb(c.env, test.shard), test.id) } satisfies TrackingSetupResponse,
    200,
  );
}

/** Deleting a test with all its clicks and conversions; both APIs, by test id. */
export async function deleteTest<E extends UserEnv>(c: UserContext<E>, id: string) {
  const db = getDb(c.env.DB);
  const { name } = await ownedTest(db, c.get("workspace").id, { id });
  await deleteSplitTest(c.env, c.executionCtx, c.get("workspace").id, id);
  await recordChange(db, { ...testEvent(c, id), action: "test.deleted", details: { name } });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

/** New variants and weights (until the first counted click) or end settings; both APIs, by test id. */
export async function changeTest<E extends UserEnv>(c: UserContext<E>, id: string, input: UpdateTestInput) {
  const link = linkContext(c.req.url, c.env);
  const db = getDb(c.env.DB);
  const before = await ownedTest(db, c.get("workspace").id, { id });
  const test = await updateTest(c.env, c.get("workspace").id, id, input, link);
  const changes = testChanges(before, test, input).map((change) => ({ ...testEvent(c, id), ...change }));
  await recordChange(db, ...changes);
  return c.json({ test } satisfies TestResponse, 200);
}

/** A test's figures as its page shows them, by id (public API) or slug (the app). */
export async function getAnalytics<E extends UserEnv>(c: UserContext<E>, key: TestKey) {
  const test = await ownedTest(getDb(c.env.DB), c.get("workspace").id, key);
  return analyticsOf(eventsDb(c.env, test.shard), test);
}

/** Pausing, resuming or promoting a variant; both APIs, by test id, recorded in the history. */
export async function changeTestLifecycle<E extends UserEnv>(
  c: UserContext<E>,
  id: string,
  change: { action: "pause" } | { action: "resume" } | { action: "promote"; variant: Variant },
) {
  const link = linkContext(c.req.url, c.env);
  const test = await changeLifecycle(c.env, c.get("workspace").id, id, change, link);
  await recordChange(
    getDb(c.env.DB),
    change.action === "promote"
      ? { ...testEvent(c, test.id), action: "test.promoted", details: { variant: change.variant } }
      : { ...testEvent(c, test.id), action: change.action === "pause" ? "test.paused" : "test.resumed" },
  );
  return c.json({ test } satisfies TestResponse, 200);
}

/** A test's history, newest first, by id (public API) or slug (the app). */
export async function getHistory<E extends UserEnv>(c: UserContext<E>, key: TestKey) {
  const events = await testHistory(getDb(c.env.DB), c.get("workspace").id, key);
  return c.json({ events } satisfies TestHistoryResponse, 200);
}

/** Who changes which test, for the history. */
function testEvent<E extends UserEnv>(c: UserContext<E>, splitTestId: string) {
  return { ...actingIn(c), splitTestId };
}

/** The headers of a CSV download. */
export function csvHeaders(filename: string) {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  };
}

export const splitTestRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", (c) => listTests(c))
  .post("/", validate("json", createTestSchema), (c) => createTest(c, c.req.valid("json")))
  .post("/import", validate("query", importQuerySchema), validate("json", importTestsSchema), (c) =>
    importTests(c, c.req.valid("json"), c.req.valid("query").dryRun === "true"),
  )
  .get("/slug-availability", validate("query", slugQuerySchema), async (c) => {
    const { slug, domainId } = c.req.valid("query");
    const db = getDb(c.env.DB);
    // Without a domain: the default domain's /r/{path}.
    if (domainId) await ownedDomain(db, c.get("workspace").id, domainId);
    const problem = customSlugProblem(slug);
    const status = problem ?? ((await customSlugTaken(db, domainId ?? null, slug)) ? "taken" : "available");
    return c.json({ available: status === "available", status } satisfies SlugAvailabilityResponse, 200);
  })
  .get("/:slug/analytics", async (c) => {
    const analytics = await getAnalytics(c, { slug: c.req.param("slug") });
    return c.json({ analytics } satisfies TestAnalyticsResponse, 200);
  })
  .get("/:slug/breakdowns", validate("query", breakdownsQuerySchema), (c) =>
    getBreakdowns(c, { slug: c.req.param("slug") }, c.req.valid("query").metric),
  )
  .get("/:slug/setup", (c) => getSetup(c, { slug: c.req.param("slug") }))
  .get("/:slug/history", (c) => getHistory(c, { slug: c.req.param("slug") }))
  .get("/:slug", (c) => getTest(c, { slug: c.req.param("slug") }))
  .post("/:id/:action{pause|resume}", (c) =>
    changeTestLifecycle(c, c.req.param("id"), {
      action: c.req.param("action") === "pause" ? "pause" : "resume",
    }),
  )
  .patch("/:id", validate("json", updateTestSchema), (c) =>
    changeTest(c, c.req.param("id"), c.req.valid("json")),
  )
  .post("/:id/promote", validate("json", promoteSchema), (c) =>
    changeTestLifecycle(c, c.req.param("id"), { action: "promote", variant: c.req.valid("json").variant }),
  )
  .get("/:id/export/events.csv", async (c) => {
    const db = getDb(c.env.DB);
    const test = await ownedTest(db, c.get("workspace").id, { id: c.req.param("id") });
    return c.body(
      streamEventsCsv(c.env, test, await tagsOfTest(db, test.id)),
      200,
      csvHeaders(`splitlink-${test.slug}-events.csv`),
    );
  })
  .get("/:id/export/daily.csv", async (c) => {
    const test = await ownedTest(getDb(c.env.DB), c.get("workspace").id, { id: c.req.param("id") });
    return c.body(
      await dailyRollupCsv(eventsDb(c.env, test.shard), test),
      200,
      csvHeaders(`splitlink-${test.slug}-daily.csv`),
    );
  })
  .delete("/:id", (c) => deleteTest(c, c.req.param("id")));
