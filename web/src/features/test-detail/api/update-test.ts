import type { TestResponse, TestWithStats, UpdateTestRequest } from "@contract/api";
import { apiFetch } from "@/lib/api";

/**
 * New variants and weights (a 409 variants_locked once the test has counted a click) and/or new end
 * settings (a 409 test_completed once it completed).
 */
export async function updateTest(id: string, input: UpdateTestRequest): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>(`/api/tests/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: input,
  });
  return test;
}
