import { and, asc, count, eq } from "drizzle-orm";
import type { UtmTemplate, UtmTemplateFields } from "../../contract/api";
import { UTM_MESSAGES } from "../../contract/messages";
import type { Db } from "../db/client";
import { utmTemplates } from "../db/schema";
import { ApiError } from "../errors";
import { assertBelowQuota } from "./quotas";
import type { Creator } from "./workspaces";

// A workspace's UTM templates (issue #49, point 6): every query is scoped to the caller's workspace, so
// another workspace's template is simply not found. A template belongs to the workspace, not to its maker.

const shown = {
  id: utmTemplates.id,
  name: utmTemplates.name,
  source: utmTemplates.source,
  medium: utmTemplates.medium,
  campaign: utmTemplates.campaign,
  term: utmTemplates.term,
  createdAt: utmTemplates.createdAt,
};

/** The workspace's templates, by name. */
export function listUtmTemplates(db: Db, workspaceId: string): Promise<UtmTemplate[]> {
  return db
    .select(shown)
    .from(utmTemplates)
    .where(eq(utmTemplates.workspaceId, workspaceId))
    .orderBy(asc(utmTemplates.name), asc(utmTemplates.createdAt));
}

/** Saves a template in the workspace; past the quota 409 `quota_reached`. */
export async function createUtmTemplate(
  db: Db,
  creator: Creator,
  input: UtmTemplateFields,
): Promise<UtmTemplate> {
  const held = await db
    .select({ n: count() })
    .from(utmTemplates)
    .where(eq(utmTemplates.workspaceId, creator.workspaceId))
    .get();
  assertBelowQuota("utmTemplates", held?.n ?? 0);
  const template: UtmTemplate = {
    id: crypto.randomUUID(),
    name: input.name,
    source: input.source,
    medium: input.medium,
    campaign: input.campaign,
    term: input.term,
    createdAt: Date.now(),
  };
  await db
    .insert(utmTemplates)
    .values({ ...template, workspaceId: creator.workspaceId, createdBy: creator.userId });
  return template;
}

/** Deletes one of the workspace's templates (its name, for the history); another workspace's id answers 404. */
export async function deleteUtmTemplate(db: Db, workspaceId: string, id: string): Promise<{ name: string }> {
  const deleted = await db
    .delete(utmTemplates)
    .where(and(eq(utmTemplates.workspaceId, workspaceId), eq(utmTemplates.id, id)))
    .returning({ name: utmTemplates.name })
    .get();
  if (!deleted) throw new ApiError("not_found", UTM_MESSAGES.notFound);
  return deleted;
}
