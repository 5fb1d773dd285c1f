import type { TestResponse, TestWithStats, UpdateVariantsInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** New variants and weights; a 409 (variants_locked) once the test has counted a click. */
export async function updateVariants(id: string, input: UpdateVariantsInput): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>(`/api/tests/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: input,
  });
  return test;
}
