import { Hono } from "hono";
import type { DigestPreferenceResponse } from "../../contract/api";
import { digestPreferenceSchema } from "../../contract/api/shares";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { requireMembership } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { digestPreferenceOf, setDigestPreference } from "../services/digest";

// GET and PUT /api/account/digest: the signed-in member's weekly digest of the current workspace (the
// SplitLink-Workspace header, as everywhere). Each member chooses for themselves, a viewer too: it is
// their own email, no change to the workspace.
export const digestRoutes = new Hono<AppEnv>()
  .use(requireUser, requireMembership)
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
