import type { SlugCheck } from "./api";

// Slug rules shared by the API and the create-test form.

/** 3 to 50 characters; letters, numbers and hyphens; starts and ends with a letter or number. */
export const CUSTOM_SLUG_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{1,48})[a-zA-Z0-9]$/;

export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "api",
  "admin",
  "www",
  "assets",
  "static",
  "public",
  "private",
  "dashboard",
  "login",
  "register",
  "settings",
  "profile",
  "help",
  "support",
  "about",
  "contact",
  "terms",
  "privacy",
  "legal",
  "robots",
  "sitemap",
  "favicon",
  "apple-touch-icon",
]);

/**
 * Anything a link's path can be: an auto slug (6 of a–z0–9) or a custom slug. Nothing else is looked
 * up, so no path can carry the ":" that separates the parts of a cache key.
 */
const LINK_PATH_PATTERN = /^[a-zA-Z0-9-]{1,50}$/;

export function isPossibleLinkPath(path: string): boolean {
  return LINK_PATH_PATTERN.test(path);
}

export function isValidCustomSlug(slug: string): boolean {
  return CUSTOM_SLUG_PATTERN.test(slug);
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

/** What is wrong with a custom slug's form, before asking whether it is taken; null when nothing. */
export function customSlugProblem(slug: string): Extract<SlugCheck, "invalid" | "reserved"> | null {
  if (!isValidCustomSlug(slug)) return "invalid";
  if (isReservedSlug(slug)) return "reserved";
  return null;
}
