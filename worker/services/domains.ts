import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { customDomains } from "../db/schema";
import { ApiError } from "../lib/errors";

export const DOMAIN_NOT_FOUND = "Domain not found";

/** The caller's own domain; another user's is simply not found. */
export async function ownedDomain(db: Db, userId: string, domainId: string) {
  const domain = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.id, domainId), eq(customDomains.userId, userId)))
    .get();
  if (!domain) throw new ApiError(404, "not_found", DOMAIN_NOT_FOUND);
  return domain;
}
