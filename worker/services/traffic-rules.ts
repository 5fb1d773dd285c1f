import { eq } from "drizzle-orm";
import type { TrafficRulesResponse } from "../../contract/api";
import {
  DEFAULT_TRAFFIC_RULES,
  matchedRule,
  type TrafficRules,
  trafficSourceOf,
} from "../../contract/traffic";
import { getDb } from "../db/client";
import { workspaces } from "../db/schema";
import type { Background } from "../lib/background";
import { clientIpOf } from "../lib/client-ip";
import { findTestWorkspace, findTrafficRules } from "../link-cache/lookup";
import { storeTrafficRules } from "../link-cache/writes";

// A workspace's traffic rules (issue #47): kept on its row, cached in KV for the redirect
// (link-cache `traffic:{workspaceId}`), applied by redirect/traffic.ts and the beacon.

export async function trafficRulesOf(db: D1Database, workspaceId: string): Promise<TrafficRulesResponse> {
  const row = await getDb(db)
    .select({ rules: workspaces.trafficRules })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return row?.rules ?? DEFAULT_TRAFFIC_RULES;
}

/** Replaces the rules; the redirect follows at once (the KV entry is rewritten). */
export async function saveTrafficRules(
  env: Env,
  workspaceId: string,
  rules: TrafficRules,
): Promise<TrafficRulesResponse> {
  await getDb(env.DB).update(workspaces).set({ trafficRules: rules }).where(eq(workspaces.id, workspaceId));
  await storeTrafficRules(env, workspaceId);
  return rules;
}

/** Its members changed (one joined, one left or was removed): the redirect knows whose clicks are internal. */
export function trafficMembersChanged(env: Env, workspaceId: string): Promise<void> {
  return storeTrafficRules(env, workspaceId);
}

/**
 * Why a beacon's conversion is left out: it comes from one of the workspace's internal addresses or a
 * blocked address, network or user agent (the referrer names the shop's own page here, so it is not
 * looked at). The test's workspace and its rules come from the link cache: no D1 read once cached.
 */
export async function excludedConversion(
  env: Env,
  ctx: Background,
  testId: string,
  request: Request,
): Promise<"internal_address" | "blocked_source" | null> {
  const test = await findTestWorkspace(env, ctx, testId);
  if (!test?.workspaceId) return null;
  const entry = await findTrafficRules(env, ctx, test.workspaceId);
  if (!entry) return null;
  const matched = matchedRule(entry.rules, trafficSourceOf(request, clientIpOf(request.headers), null));
  return matched && ({ internal: "internal_address", blocked: "blocked_source" } as const)[matched];
}
