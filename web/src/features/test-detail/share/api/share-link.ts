import type { CurrentShareLinkResponse, DeletedResponse, ShareLinkResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

const path = (slug: string) => `/api/tests/${encodeURIComponent(slug)}/share`;

/** The test's live report link, or null. */
export async function getShareLink(slug: string, signal?: AbortSignal): Promise<string | null> {
  return (await apiFetch<CurrentShareLinkResponse>(path(slug), { signal })).url;
}

/** Makes the report link (or answers the live one). */
export async function createShareLink(slug: string): Promise<string> {
  return (await apiFetch<ShareLinkResponse>(path(slug), { method: "POST" })).url;
}

/** Revokes the report link: it answers 404 from now on. */
export async function revokeShareLink(slug: string): Promise<void> {
  await apiFetch<DeletedResponse>(path(slug), { method: "DELETE" });
}
