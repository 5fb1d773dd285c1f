import type { TestListResponse, TestWithStats } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The signed-in user's tests with their stats, newest first. */
export async function listTests(signal?: AbortSignal): Promise<TestWithStats[]> {
  const { tests } = await apiFetch<TestListResponse>("/api/tests", { signal });
  return tests;
}
