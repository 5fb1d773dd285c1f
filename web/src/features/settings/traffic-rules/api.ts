import type { TrafficRulesInput, TrafficRulesResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

const path = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/traffic-rules`;

export function getTrafficRules(workspaceId: string, signal?: AbortSignal): Promise<TrafficRulesResponse> {
  return apiFetch<TrafficRulesResponse>(path(workspaceId), { signal });
}

export function saveTrafficRules(
  workspaceId: string,
  rules: TrafficRulesInput,
): Promise<TrafficRulesResponse> {
  return apiFetch<TrafficRulesResponse>(path(workspaceId), { method: "PUT", body: rules });
}
