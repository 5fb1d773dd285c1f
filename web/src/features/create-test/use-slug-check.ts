import { customSlugProblem } from "@contract/slug";
import { useEffect, useState } from "react";
import { checkSlugAvailability } from "@/features/create-test/api/check-slug-availability";
import type { SlugCheckState } from "@/features/create-test/slug-check-state";
import { isAbortError } from "@/lib/is-abort-error";

/** The specification's pause after the last keystroke before the slug is checked. */
const SLUG_CHECK_DEBOUNCE_MS = 500;

interface CheckResult {
  key: string;
  state: SlugCheckState;
}

/**
 * Checks a custom slug 500 ms after it last changed: format and reserved words here, availability on the
 * domain by the API. A result only counts for the slug and domain it was made for.
 */
export function useSlugCheck(slug: string, domainId: string | null): SlugCheckState {
  const [result, setResult] = useState<CheckResult | null>(null);
  const key = `${domainId ?? ""}/${slug}`;

  useEffect(() => {
    if (!domainId || !slug) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const problem = customSlugProblem(slug);
      if (problem) return setResult({ key, state: problem });
      try {
        const { status } = await checkSlugAvailability(slug, domainId, controller.signal);
        setResult({ key, state: status });
      } catch (error) {
        if (isAbortError(error)) return;
        console.warn("Could not check the custom slug", error);
        setResult({ key, state: "error" });
      }
    }, SLUG_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, domainId, key]);

  if (!domainId || !slug) return "idle";
  return result?.key === key ? result.state : "pending";
}
