import type { DigestPreferenceResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Whether the signed-in member gets the current workspace's weekly digest. */
export async function getWeeklyDigest(signal?: AbortSignal): Promise<boolean> {
  return (await apiFetch<DigestPreferenceResponse>("/api/account/digest", { signal })).digest.weeklyDigest;
}

export async function saveWeeklyDigest(weeklyDigest: boolean): Promise<boolean> {
  const body = { weeklyDigest };
  return (await apiFetch<DigestPreferenceResponse>("/api/account/digest", { method: "PUT", body })).digest
    .weeklyDigest;
}
