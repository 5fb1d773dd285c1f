import type { TrafficRulesResponse } from "../../contract/api";
import type { TrafficRules } from "../../contract/traffic";
import { getDb } from "../db/client";
import { recordChange } from "../services/history";
import { saveTrafficRules, trafficRulesOf } from "../services/traffic-rules";
import { actingIn, type UserContext, type UserEnv } from "./with-user";

// A workspace's traffic rules, for the app (/api/workspaces/:id/traffic-rules) and the public API
// (/api/v1/workspace/traffic-rules): the caller's workspace and role are on the context.

export async function getTrafficRules<E extends UserEnv>(c: UserContext<E>) {
  const rules = await trafficRulesOf(c.env.DB, c.get("workspace").id);
  return c.json(rules satisfies TrafficRulesResponse, 200);
}

export async function putTrafficRules<E extends UserEnv>(c: UserContext<E>, input: TrafficRules) {
  const rules = await saveTrafficRules(c.env, c.get("workspace").id, input);
  await recordChange(getDb(c.env.DB), {
    ...actingIn(c),
    action: "workspace.traffic_rules_changed",
    details: {
      internal: rules.internal.length,
      blocked: rules.blocked.length,
      machineTraffic: rules.machineTraffic,
    },
  });
  return c.json(rules satisfies TrafficRulesResponse, 200);
}
