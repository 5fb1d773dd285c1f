import { Hono } from "hono";
import type { TagColourInput, TagListResponse, TagResponse } from "../../contract/api";
import { tagColourSchema, tagParam } from "../../contract/api/tags";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { recordChange } from "../services/history";
import { setTagColour, tagsOf } from "../services/tags";
import { actingIn, type UserContext, type UserEnv } from "./with-user";

// The workspace's tags and their colours (issue #49 point 4), for the app (/api/tags) and the public API
// (/api/v1/tags): the caller's workspace and role are on the context (a viewer's PUT is refused before).

export async function listTags<E extends UserEnv>(c: UserContext<E>) {
  const tags = await tagsOf(getDb(c.env.DB), c.get("workspace").id);
  return c.json({ tags } satisfies TagListResponse, 200);
}

export async function putTagColour<E extends UserEnv>(c: UserContext<E>, tag: string, input: TagColourInput) {
  const db = getDb(c.env.DB);
  const saved = await setTagColour(db, c.get("workspace").id, tag, input.colour);
  await recordChange(db, {
    ...actingIn(c),
    action: "tag.colour_changed",
    details: { tag, colour: input.colour },
  });
  return c.json({ tag: saved } satisfies TagResponse, 200);
}

export const tagRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", (c) => listTags(c))
  .put("/:tag", validate("param", tagParam), validate("json", tagColourSchema), (c) =>
    putTagColour(c, c.req.valid("param").tag, c.req.valid("json")),
  );
