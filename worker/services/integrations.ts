import type { IntegrationStatus } from "../../contract/api";
import type { Db } from "../db/client";
import { slackIntegrationStatus } from "./slack";

/** The workspace's integrations, one row per kind, in the order Settings shows them. */
export async function listIntegrations(db: Db, workspaceId: string): Promise<IntegrationStatus[]> {
  return [await slackIntegrationStatus(db, workspaceId)];
}
