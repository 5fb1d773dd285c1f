import type { TestResponse, TestWithStats } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** One of the user's tests by its slug; an RequestError with status 404 when there is none. */
export async function getTest(slug: string, signal?: AbortSignal): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>(`/api/tests/${encodeURIComponent(slug)}`, { signal });
  return test;
}
