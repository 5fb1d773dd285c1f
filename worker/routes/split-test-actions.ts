import type { TestWithStats } from "../../contract/api";
import { getDb } from "../db/client";
import type { Background } from "../lib/background";
import { NO_TOTALS, summarize } from "../statistics/summary";
import { removeLink, storeLink } from "../link-cache/writes";
import type { CreateTestBody } from "../schemas/split-tests";
import { createSplitTest, deleteSplitTest, type LinkContext } from "../services/split-tests";

// What the SPA's API and the public API both do to create and delete a test.

export function linkContext(url: string, env: Env): LinkContext {
  return { requestUrl: new URL(url), appHost: env.APP_HOST };
}

/** Creates the test and caches its link for the redirect after answering. */
export async function createTestAndCacheLink(
  env: Env,
  background: Background,
  userId: string,
  input: CreateTestBody,
  requestUrl: string,
): Promise<TestWithStats> {
  const { row, test } = await createSplitTest(getDb(env.DB), userId, input, linkContext(requestUrl, env));
  background.waitUntil(storeLink(env, row));
  return { ...test, stats: summarize(NO_TOTALS, NO_TOTALS) };
}

/** Deletes the test with its data, and its cached link after answering. */
export async function deleteTestAndLink(
  env: Env,
  background: Background,
  userId: string,
  id: string,
): Promise<void> {
  const deleted = await deleteSplitTest(getDb(env.DB), userId, id);
  background.waitUntil(removeLink(env, deleted));
}
