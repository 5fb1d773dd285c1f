import type { TestResponse, TestWithStats } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Resumes a paused test: visitors are split by the weights again. 409 once completed. */
export async function resumeTest(id: string): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>(`/api/tests/${encodeURIComponent(id)}/resume`, {
    method: "POST",
  });
  return test;
}
