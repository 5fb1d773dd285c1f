import { customSlugProblem } from "@contract/slug";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { checkSlugAvailability } from "@/features/create-test/api/check-slug-availability";
import type { SlugCheckState } from "@/features/create-test/slug-check-state";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

/** The specification's pause after the last keystroke before the slug is checked. */
const SLUG_CHECK_DEBOUNCE_MS = 500;

function warnCheckFailed(error: Error) {
  console.warn("Could not check the custom slug", error);
}

/**
 * Checks a custom slug 500 ms after it last changed: format and reserved words here, availability on the
 * domain (null: the default domain) by the API (one query per domain and slug). A result only counts for
 * the slug and domain it was made for.
 */
export function useSlugCheck(slug: string, domainId: string | null): SlugCheckState {
  const key = `${domainId ?? ""}/${slug}`;
  // The slug and domain once they have stood still for the pause.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  useEffect(() => {
    if (!slug) return;
    const timer = setTimeout(() => setSettledKey(key), SLUG_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [slug, key]);

  const settled = slug !== "" && settledKey === key;
  const problem = settled ? customSlugProblem(slug) : null;
  const query = useQuery({
    queryKey: queryKeys.tests.slugAvailability(domainId ?? "", slug),
    queryFn: ({ signal }) => checkSlugAvailability(slug, domainId, signal),
    enabled: settled && problem === null,
    // An answer is about this moment: the next check of the same slug asks again.
    gcTime: 0,
  });
  useQueryFailure(query, warnCheckFailed);

  if (!slug) return "idle";
  if (!settled) return "pending";
  if (problem) return problem;
  if (query.data) return query.data.status;
  return query.isError ? "error" : "pending";
}
