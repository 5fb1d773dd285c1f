import type { SplitTest } from "@contract/api";

/** A test's custom path as its link spells it: `/summer` on a custom domain, `/r/summer` on the default one. */
export function customPathLabel(test: Pick<SplitTest, "customSlug" | "customDomainId">): string | null {
  if (!test.customSlug) return null;
  return test.customDomainId ? `/${test.customSlug}` : `/r/${test.customSlug}`;
}

/** A version's preview: the split link with `?preview={label}`, which counts nothing (worker/redirect/visit.ts). */
export function previewUrl(link: string, label: string): string {
  const url = new URL(link);
  url.searchParams.set("preview", label);
  return url.toString();
}
