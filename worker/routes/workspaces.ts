import { Hono } from "hono";
import type {
  DeletedResponse,
  SiteTagResponse,
  WorkspaceListResponse,
  WorkspaceResponse,
} from "../../contract/api";
import { trafficRulesSchema } from "../../contract/api/traffic-rules";
import { workspaceNameSchema, workspaceUpdateSchema } from "../../contract/api/workspaces";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { assertRecentPassword, requireRecentPassword } from "../middleware/require-recent-password";
import { requireUser } from "../middleware/require-user";
import { requireWorkspaceInPath } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { siteKeyOf } from "../services/tracking";
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  updateWorkspace,
  workspaceOf,
  workspaceOfTest,
} from "../services/workspaces";
import { getTrafficRules, putTrafficRules } from "./traffic-rules";

// The workspace resource itself (cookie session). The id is in the path, not the SplitLink-Workspace
// header: these routes act on the workspace named, whatever the app has open. Members and invitations
// are routes/members.ts.
export const workspaceRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const workspaces = await listWorkspaces(getDb(c.env.DB), c.get("user").id);
    return c.json({ workspaces } satisfies WorkspaceListResponse, 200);
  })
  // Before "/:id/…": a slug such as "site-tag" must not be taken for a workspace's id.
  .get("/by-test/:slug", async (c) => {
    const workspace = await workspaceOfTest(getDb(c.env.DB), c.get("user").id, c.req.param("slug"));
    return c.json({ workspace } satisfies WorkspaceResponse, 200);
  })
  .post("/", validate("json", workspaceNameSchema), async (c) => {
    const workspace = await createWorkspace(getDb(c.env.DB), c.get("user").id, c.req.valid("json").name);
    return c.json({ workspace } satisfies WorkspaceResponse, 201);
  })
  .patch("/:id", validate("json", workspaceUpdateSchema), async (c) => {
    // Lifting the two-factor requirement opens the workspace to every session without it.
    if (c.req.valid("json").requireTwoFactor === false) await assertRecentPassword(c);
    const db = getDb(c.env.DB);
    const workspace = await updateWorkspace(db, c.get("user").id, c.req.param("id"), c.req.valid("json"));
    return c.json({ workspace } satisfies WorkspaceResponse, 200);
  })
  .delete("/:id", requireRecentPassword, async (c) => {
    await deleteWorkspace(c.env, c.get("user").id, c.req.param("id"));
    return c.json({ ok: true } satisfies DeletedResponse, 200);
  })
  // Every member reads the traffic rules; owners and editors change them.
  .get("/:id/traffic-rules", requireWorkspaceInPath, (c) => getTrafficRules(c))
  .put("/:id/traffic-rules", requireWorkspaceInPath, validate("json", trafficRulesSchema), (c) =>
    putTrafficRules(c, c.req.valid("json")),
  )
  // Every member, a viewer too, may read the tag: it is in every page the workspace tests.
  .get("/:id/site-tag", async (c) => {
    const workspace = await workspaceOf(getDb(c.env.DB), c.get("user").id, c.req.param("id"));
    return c.json({ siteKey: await siteKeyOf(c.env.DB, workspace.id) } satisfies SiteTagResponse, 200);
  });
