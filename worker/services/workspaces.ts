import { and, eq, isNull } from "drizzle-orm";
import type { Role, WorkspaceAccess } from "../../contract/workspaces";
import type { Db } from "../db/client";
import { memberships, workspaces } from "../db/schema";

/** The user's role in a live workspace, or undefined when they are not (or no longer) a member. */
export async function accessOf(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceAccess | undefined> {
  const row = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.userId, userId),
        isNull(workspaces.deletedAt),
      ),
    )
    .get();
  return row ? { id: workspaceId, role: row.role as Role } : undefined;
}
