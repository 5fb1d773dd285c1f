import { eq } from "drizzle-orm";
import type { CreateTestInput, CreateTestRequest, ImportRowOutcome } from "../../contract/api";
import { createTestSchema } from "../../contract/api/split-tests";
import { type ImportedLink, SHARED_SHORTENER_DOMAINS } from "../../contract/imports";
import { IMPORT_MESSAGES, QUOTA_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { WORKSPACE_QUOTAS } from "../../contract/quotas";
import { evenWeights } from "../../contract/variants";
import { type Db, getDb } from "../db/client";
import { customDomains } from "../db/schema";
import { heldTests, isUsableDomain, type LinkContext, loopingUrls, takenSlugs } from "./split-tests";

// Bulk create and import (issue #49, point 5): each row of a file as a new test's input, checked by the
// create's own rules (createTestSchema, then the service's domain, loop, slug and quota rules, here for
// a whole file at once), so a dry run says per row what the real run will do.

/** A row's outcome, and the input that creates it when it is ready. */
export interface PlannedRow {
  outcome: ImportRowOutcome;
  input: CreateTestInput | null;
}

/** A row's link as the create input a caller would send: one URL a plain link, more an even split. */
function requestOf(link: ImportedLink, customDomainId: string | null): CreateTestRequest {
  const weights = evenWeights(link.urls.length);
  return {
    name: link.name,
    ...(link.urls.length === 1
      ? { urlA: link.urls[0] }
      : { variants: link.urls.map((url, i) => ({ url, weight: weights[i] ?? 0 })) }),
    customSlug: link.slug,
    customDomainId,
    tags: link.tags,
  };
}

/** The first thing that refuses a new test's input, in the create's words; null when nothing. */
function firstIssue(result: ReturnType<typeof createTestSchema.safeParse>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? TEST_MESSAGES.requiredFields);
}

/**
 * What each row of a file becomes in the workspace: ready (with its input) or refused with why. Reads the
 * workspace's domains, the file's taken slugs per domain, its looping URLs and the quota: a few queries
 * for the whole file. A row's back-half goes on the workspace's domain the row names when it is verified;
 * on a shortener's shared domain (bit.ly …) or none, on the default domain.
 */
export async function planImport(
  env: Env,
  workspaceId: string,
  links: ImportedLink[],
  link: LinkContext,
): Promise<PlannedRow[]> {
  const db = getDb(env.DB);
  const domains = new Map(
    (
      await db
        .select({ id: customDomains.id, domain: customDomains.domain, status: customDomains.status })
        .from(customDomains)
        .where(eq(customDomains.workspaceId, workspaceId))
    ).map((domain) => [domain.domain, domain]),
  );
  const defaultHosts = new Set([env.APP_HOST, `www.${env.APP_HOST}`, link.requestUrl.hostname]);
  const planned = links.map((row, i): PlannedRow & { domainId: string | null } => {
    const outcome: ImportRowOutcome = {
      row: i + 1,
      name: row.name,
      urls: row.urls,
      slug: row.slug,
      domain: null,
      tags: row.tags,
      status: "ready",
      reason: null,
      testId: null,
      link: null,
    };
    const refuse = (reason: string) => ({
      outcome: { ...outcome, status: "refused" as const, reason },
      input: null,
      domainId: null,
    });
    let domainId: string | null = null;
    if (row.domain && !SHARED_SHORTENER_DOMAINS.has(row.domain) && !defaultHosts.has(row.domain)) {
      outcome.domain = row.domain;
      const domain = domains.get(row.domain);
      if (!domain) return refuse(IMPORT_MESSAGES.unknownDomain(row.domain));
      if (!isUsableDomain(domain)) return refuse(IMPORT_MESSAGES.unverifiedDomain(row.domain));
      domainId = domain.id;
    }
    const parsed = createTestSchema.safeParse(requestOf(row, domainId));
    const issue = firstIssue(parsed);
    if (issue || !parsed.success) return refuse(issue ?? TEST_MESSAGES.requiredFields);
    return { outcome, input: parsed.data, domainId };
  });
  return refuseConflicts(env, db, workspaceId, planned, link);
}

/** The rules a row meets only against the workspace and the rest of the file: loops, taken slugs, quota. */
async function refuseConflicts(
  env: Env,
  db: Db,
  workspaceId: string,
  planned: (PlannedRow & { domainId: string | null })[],
  link: LinkContext,
): Promise<PlannedRow[]> {
  const ready = planned.filter((row) => row.input);
  const loops = await loopingUrls(
    env,
    db,
    ready.flatMap((row) => row.input?.variants.map((variant) => variant.url) ?? []),
    link,
  );
  const slugsByDomain = new Map<string | null, string[]>();
  for (const row of ready)
    if (row.input?.customSlug)
      slugsByDomain.set(row.domainId, [...(slugsByDomain.get(row.domainId) ?? []), row.input.customSlug]);
  const taken = new Map(
    await Promise.all(
      [...slugsByDomain].map(
        async ([domainId, slugs]) => [domainId, await takenSlugs(db, domainId, slugs)] as const,
      ),
    ),
  );
  let held = await heldTests(db, workspaceId);
  const claimed = new Set<string>();
  return planned.map(({ outcome, input, domainId }) => {
    if (!input) return { outcome, input };
    const refuse = (reason: string) => ({
      outcome: { ...outcome, status: "refused" as const, reason },
      input: null,
    });
    if (input.variants.some((variant) => loops.has(variant.url))) return refuse(TEST_MESSAGES.urlLoops);
    if (input.customSlug) {
      const claim = `${domainId ?? ""} ${input.customSlug}`;
      if (taken.get(domainId)?.has(input.customSlug)) return refuse(TEST_MESSAGES.slugTaken);
      if (claimed.has(claim)) return refuse(IMPORT_MESSAGES.slugInFile);
      claimed.add(claim);
    }
    if (held >= WORKSPACE_QUOTAS.tests) return refuse(QUOTA_MESSAGES.tests(WORKSPACE_QUOTAS.tests));
    held++;
    return { outcome, input };
  });
}
