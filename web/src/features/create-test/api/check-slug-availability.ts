import type { SlugAvailabilityResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Whether a custom slug is free on one of the user's domains. */
export function checkSlugAvailability(
  slug: string,
  domainId: string,
  signal?: AbortSignal,
): Promise<SlugAvailabilityResponse> {
  const query = new URLSearchParams({ slug, domainId });
  return apiFetch<SlugAvailabilityResponse>(`/api/tests/slug-availability?${query}`, { signal });
}
