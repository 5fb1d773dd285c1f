import { Hono } from "hono";
import type { WorkspaceHistoryResponse } from "../../contract/api";
import { workspaceHistoryQuerySchema } from "../../contract/api/history";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { workspaceHistory, workspaceHistoryCsv } from "../services/history";
import { csvHeaders } from "./split-tests";

/** The current workspace's log of changes in Settings: a page at a time, newest first, or all as CSV. */
export const workspaceHistoryRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/history", validate("query", workspaceHistoryQuerySchema), async (c) => {
    const page = await workspaceHistory(getDb(c.env.DB), c.get("workspace").id, c.req.valid("query"));
    return c.json(page satisfies WorkspaceHistoryResponse, 200);
  })
  .get("/history.csv", async (c) => {
    const csv = await workspaceHistoryCsv(getDb(c.env.DB), c.get("workspace").id);
    return c.body(csv, 200, csvHeaders("splitlink-activity.csv"));
  });
