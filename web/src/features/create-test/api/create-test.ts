import type { CreateTestRequest, TestResponse, TestWithStats } from "@contract/api";
import { apiFetch } from "@/lib/api";

export async function createTest(input: CreateTestRequest): Promise<TestWithStats> {
  const { test } = await apiFetch<TestResponse>("/api/tests", { method: "POST", body: input });
  return test;
}
