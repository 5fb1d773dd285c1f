import { eq } from "drizzle-orm";
import type { IntegrationStatus } from "../../../contract/api";
import type { Db } from "../../db/client";
import { workspaces } from "../../db/schema";

// Google Analytics 4 and Tag Manager (issue #36): a switch per workspace that the site tag reads with its
// goals (services/tracking.ts); the tag reports to the page itself, so no event ever arrives here.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GA4 and Tag Manager: on since when. The site tag reports to the page itself, so no event ever arrives. */
export function ga4Row(enabledAt: number | null): IntegrationStatus {
  return { kind: "ga4", connected: enabledAt !== null, connectedAt: iso(enabledAt), lastEventAt: null };
}

export async function ga4EnabledAt(db: Db, workspaceId: string): Promise<number | null> {
  const row = await db
    .select({ at: workspaces.ga4EnabledAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return row?.at ?? null;
}

/**
 * Switches the site tag's GA4 and Tag Manager report on or off; `changed` is false when it already was
 * so (then nothing is written, and switching on again keeps the first time).
 */
export async function setGa4(
  db: Db,
  workspaceId: string,
  enabled: boolean,
): Promise<{ integration: IntegrationStatus; changed: boolean }> {
  const before = await ga4EnabledAt(db, workspaceId);
  if ((before !== null) === enabled) return { integration: ga4Row(before), changed: false };
  const after = enabled ? Date.now() : null;
  await db.update(workspaces).set({ ga4EnabledAt: after }).where(eq(workspaces.id, workspaceId));
  return { integration: ga4Row(after), changed: true };
}
