import { Hono } from "hono";
import type { DigestPreferenceResponse } from "../../contract/api";
import { digestPreferenceSchema } from "../../contract/api/shares";
import { WORKSPACE_MESSAGES } from "../../contract/messages";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import { digestPreferenceOf, setDigestPreference } from "../services/digest";
import { accessOf } from "../services/workspaces";

// GET and PUT /api/account/digest: the signed-in member's weekly digest of the current workspace (the
// SplitLink-Workspace header, as everywhere). Each member chooses for themselves, a viewer too: it is
// their own email, no change to the workspace, so unlike requireWorkspace a viewer's PUT passes here.
export const digestRoutes = new Hono<AppEnv>()
  .use(requireUser, async (c, next) => {
    const user = c.get("user");
    const named = c.req.header(WORKSPACE_HEADER)?.trim() || user.id;
    const access = named.length <= 64 ? await accessOf(getDb(c.env.DB), named, user.id) : undefined;
    if (!access) throw new ApiError(404, "not_found", WORKSPACE_MESSAGES.notFound);
    c.set("workspace", access);
    await next();
  })
  .get("/", async (c) => {
    const weeklyDigest = await digestPreferenceOf(getDb(c.env.DB), c.get("workspace").id, c.get("user").id);
    return c.json({ digest: { weeklyDigest } } satisfies DigestPreferenceResponse, 200);
  })
  .put("/", validate("json", digestPreferenceSchema), async (c) => {
    const { weeklyDigest } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const on = await setDigestPreference(db, c.get("workspace").id, c.get("user").id, weeklyDigest);
    return c.json({ digest: { weeklyDigest: on } } satisfies DigestPreferenceResponse, 200);
  });
