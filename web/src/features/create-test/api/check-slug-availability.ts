import type { SlugAvailabilityResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Whether a custom slug is free on one of the user's domains, or on the default domain (domainId null). */
export function checkSlugAvailability(
  slug: string,
  domainId: string | null,
  signal?: AbortSignal,
): Promise<SlugAvailabilityResponse> {
  const query = new URLSearchParams(domainId ? { slug, domainId } : { slug });
  return apiFetch<SlugAvailabilityResponse>(`/api/tests/slug-availability?${query}`, { signal });
}
