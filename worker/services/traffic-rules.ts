import { eq } from "drizzle-orm";
import type { TrafficRulesResponse } from "../../contract/api";
import { DEFAULT_TRAFFIC_RULES, matchedRule, type TrafficRules } from "../../contract/traffic";
import { getDb } from "../db/client";
import { splitTests, workspaces } from "../db/schema";
import type { Background } from "../lib/background";
import { clientIpOf } from "../lib/client-ip";
import { findTrafficRules } from "../link-cache/lookup";
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

/**
 * Why a beacon's conversion is left out: it comes from one of the workspace's internal addresses or a
 * blocked address, network or user agent (the referrer names the shop's own page here, so it is not
 * looked at). One D1 read of the test's workspace, then the cached rules.
 */
export async function excludedConversion(
  env: Env,
  ctx: Background,
  testId: string,
  request: Request,
): Promise<"internal_address" | "blocked_source" | null> {
  const test = await getDb(env.DB)
    .select({ workspaceId: splitTests.workspaceId })
    .from(splitTests)
    .where(eq(splitTests.id, testId))
    .get();
  if (!test?.workspaceId) return null;
  const entry = await findTrafficRules(env, ctx, test.workspaceId);
  if (!entry) return null;
  const cf = request.cf as { asn?: unknown } | undefined;
  const matched = matchedRule(entry.rules, {
    address: clientIpOf(request.headers),
    asn: typeof cf?.asn === "number" ? cf.asn : null,
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512).toLowerCase(),
    referrerHost: null,
  });
  return matched && ({ internal: "internal_address", blocked: "blocked_source" } as const)[matched];
}
