import type { TestResponse, TestWithStats } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Pauses a test: its link sends everyone to A and no clicks are counted. 409 once completed. */
export async function pauseTest(id: string): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>(`/api/tests/${encodeURIComponent(id)}/pause`, {
    method: "POST",
  });
  return test;
}
