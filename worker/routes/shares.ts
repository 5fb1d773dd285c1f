import { Hono } from "hono";
import type { CurrentShareLinkResponse, DeletedResponse, ShareLinkResponse } from "../../contract/api";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { appOrigin } from "../lib/links";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { recordChange } from "../services/history";
import { reportUrl, revokeShare, shareTest, shareTokenOf } from "../services/shares";
import type { TestKey } from "../services/split-tests";
import { ownedTest } from "../services/split-tests";
import { actingIn, type UserContext, type UserEnv } from "./with-user";

// A test's report link, for the app's API (by slug, mounted at /api/tests/:slug/share) and the public
// API (by id, routes/public-api.ts). A viewer's or a read key's change is refused before these run.

/** Creates the test's report link, or answers the live one. */
export async function createShareLink<E extends UserEnv>(c: UserContext<E>, key: TestKey) {
  const db = getDb(c.env.DB);
  const test = await ownedTest(db, c.get("workspace").id, key);
  const { token, created } = await shareTest(db, test.id, c.get("user").id);
  if (created) await recordChange(db, { ...actingIn(c), splitTestId: test.id, action: "test.shared" });
  const url = reportUrl(appOrigin(c.req.url, c.env.APP_HOST), token);
  return c.json({ url } satisfies ShareLinkResponse, 200);
}

/** Revokes the test's report link: its page answers 404 from now on. */
export async function revokeShareLink<E extends UserEnv>(c: UserContext<E>, key: TestKey) {
  const db = getDb(c.env.DB);
  const test = await ownedTest(db, c.get("workspace").id, key);
  if (await revokeShare(db, test.id))
    await recordChange(db, { ...actingIn(c), splitTestId: test.id, action: "test.share_revoked" });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

export const shareRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", async (c) => {
    const db = getDb(c.env.DB);
    const test = await ownedTest(db, c.get("workspace").id, { slug: c.req.param("slug") ?? "" });
    const token = await shareTokenOf(db, test.id);
    const url = token ? reportUrl(appOrigin(c.req.url, c.env.APP_HOST), token) : null;
    return c.json({ url } satisfies CurrentShareLinkResponse, 200);
  })
  .post("/", (c) => createShareLink(c, { slug: c.req.param("slug") ?? "" }))
  .delete("/", (c) => revokeShareLink(c, { slug: c.req.param("slug") ?? "" }));
