import { Hono } from "hono";
import type * as z from "zod";
import type { DeletedResponse, UtmTemplateListResponse, UtmTemplateResponse } from "../../contract/api";
import { createUtmTemplateSchema, utmTemplateIdParam } from "../../contract/api/utm-templates";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { recordChange } from "../services/history";
import { createUtmTemplate, deleteUtmTemplate, listUtmTemplates } from "../services/utm-templates";
import { actingIn, creatorOf, type UserContext, type UserEnv } from "./with-user";

// A workspace's UTM templates, the same for the app's API (/api/utm-templates) and the public API
// (/api/v1/utm-templates): every member reads them, owners and editors (write keys) save and delete
// them (the guards refuse a viewer's change with 403), another workspace's are not found.

export async function listWorkspaceUtmTemplates<E extends UserEnv>(c: UserContext<E>) {
  const templates = await listUtmTemplates(getDb(c.env.DB), c.get("workspace").id);
  return c.json({ templates } satisfies UtmTemplateListResponse, 200);
}

export async function saveUtmTemplate<E extends UserEnv>(
  c: UserContext<E>,
  input: z.output<typeof createUtmTemplateSchema>,
) {
  const db = getDb(c.env.DB);
  const template = await createUtmTemplate(db, creatorOf(c), input);
  await recordChange(db, { ...actingIn(c), action: "utm_template.saved", details: { name: template.name } });
  return c.json({ template } satisfies UtmTemplateResponse, 201);
}

export async function removeUtmTemplate<E extends UserEnv>(c: UserContext<E>, id: string) {
  const db = getDb(c.env.DB);
  const deleted = await deleteUtmTemplate(db, c.get("workspace").id, id);
  await recordChange(db, { ...actingIn(c), action: "utm_template.deleted", details: { name: deleted.name } });
  return c.json({ ok: true } satisfies DeletedResponse, 200);
}

/** The signed-in user's templates in the workspace the app has open. */
export const utmTemplateRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", listWorkspaceUtmTemplates)
  .post("/", validate("json", createUtmTemplateSchema), (c) => saveUtmTemplate(c, c.req.valid("json")))
  .delete("/:id", validate("param", utmTemplateIdParam), (c) =>
    removeUtmTemplate(c, c.req.valid("param").id),
  );
