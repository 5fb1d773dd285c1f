import { eq } from "drizzle-orm";
import type { IntegrationStatus } from "../../contract/api";
import type { Db } from "../db/client";
import { workspaces } from "../db/schema";
import { slackIntegrationStatus } from "./slack";

// The workspace's integrations (issue #36): each one's status for Settings and the API, and their changes.

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** GA4 and Tag Manager: on since when. The site tag reports to the page itself, so no event ever arrives. */
function ga4Row(enabledAt: number | null): IntegrationStatus {
  return { kind: "ga4", connected: enabledAt !== null, connectedAt: iso(enabledAt), lastEventAt: null };
}

async function ga4EnabledAt(db: Db, workspaceId: string): Promise<number | null> {
  const row = await db
    .select({ at: workspaces.ga4EnabledAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return row?.at ?? null;
}

/** Every integration's status in the workspace. */
export async function listIntegrations(db: Db, workspaceId: string): Promise<IntegrationStatus[]> {
  const [slack, ga4At] = await Promise.all([
    slackIntegrationStatus(db, workspaceId),
    ga4EnabledAt(db, workspaceId),
  ]);
  return [slack, ga4Row(ga4At)];
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
