import type { TestWithStats } from "@contract/api";

/** Location state the create page hands to the detail page, so the new test shows at once. */
export interface CreatedTestState {
  createdTest: TestWithStats;
}

/** The test just created, when the visitor arrived from the create page for this very slug. */
export function readCreatedTest(state: unknown, slug: string): TestWithStats | null {
  if (typeof state !== "object" || state === null || !("createdTest" in state)) return null;
  const { createdTest } = state as Partial<CreatedTestState>;
  return createdTest?.slug === slug ? createdTest : null;
}
