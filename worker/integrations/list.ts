import type { IntegrationStatus } from "../../contract/api";
import type { Db } from "../db/client";
import { ga4EnabledAt, ga4Row } from "./ga4/switch";
import { slackIntegrationStatus } from "./slack/connection";
import { stripeIntegrationStatus } from "./stripe/connection";

// The integrations of a workspace (issue #36), each in its own folder: Stripe (./stripe/), Slack
// (./slack/), GA4 and Tag Manager (./ga4/). Here, the listing of their states.

/** Each integration's state in the workspace, in the order Settings shows them. */
export async function listIntegrations(db: Db, workspaceId: string): Promise<IntegrationStatus[]> {
  const [stripe, slack, ga4At] = await Promise.all([
    stripeIntegrationStatus(db, workspaceId),
    slackIntegrationStatus(db, workspaceId),
    ga4EnabledAt(db, workspaceId),
  ]);
  return [stripe, slack, ga4Row(ga4At)];
}
