import type { TestResponse, TestWithStats, Variant } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Sends everyone to `variant` from now on and completes the test with its results frozen. 409 once completed. */
export async function promoteWinner(id: string, variant: Variant): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>(`/api/tests/${encodeURIComponent(id)}/promote`, {
    method: "POST",
    body: { variant },
  });
  return test;
}
