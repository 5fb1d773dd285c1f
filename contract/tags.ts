// Tags (issue #49 point 4): what a tag may be and the colours a workspace gives them. No zod: the web's
// form and the Worker both read it.

import { hasUnsafeCharacters } from "./names";

/** How many tags a test or link carries at most, and how long one may be. */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

/**
 * The colours a tag may have, by name. The app shows each as a chip whose text passes WCAG AA contrast
 * on its background (web/src/components/TagChip.tsx).
 */
export const TAG_COLOURS = [
  "gray",
  "red",
  "orange",
  "yellow",
  "green",
  "teal",
  "blue",
  "indigo",
  "purple",
  "pink",
] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

/**
 * A tag as stored and compared: trimmed, inner spaces as one, lower-cased. "Spring" and "spring " are one
 * tag, so the filter, the counts and the colour never split over a capital.
 */
export const normalizeTag = (tag: string) => tag.trim().replace(/ {2,}/g, " ").toLowerCase();

export type TagProblem = "empty" | "tooLong" | "characters" | "tooMany" | "duplicate";

/**
 * What is wrong with a list of tags as sent (already normalised), in the order a person fixes it; null when
 * nothing. A comma is refused: tags are written comma-separated in CSV files.
 */
export function tagsProblem(tags: readonly string[]): TagProblem | null {
  for (const tag of tags) {
    if (tag.length === 0) return "empty";
    if (tag.length > MAX_TAG_LENGTH) return "tooLong";
    if (tag.includes(",") || hasUnsafeCharacters(tag)) return "characters";
  }
  if (tags.length > MAX_TAGS) return "tooMany";
  if (new Set(tags).size < tags.length) return "duplicate";
  return null;
}

/** The colour of a tag no one has coloured: the same for a tag everywhere, spread over the palette. */
export function defaultTagColour(tag: string): TagColour {
  let hash = 0;
  for (const char of tag) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TAG_COLOURS[hash % TAG_COLOURS.length] ?? "gray";
}
