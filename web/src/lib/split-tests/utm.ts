import {
  UTM_FIELDS,
  UTM_PARAMETER,
  UTM_TEMPLATE_FIELDS,
  type UtmField,
  utmValueProblem,
} from "@contract/utm";

// A destination's UTM parameters, read from its URL and written back into it (issue #49, point 6): the
// URL stays the one source of truth, so the API, the redirect and the link cache see URLs only. The
// query is edited as text, segment by segment: every other parameter keeps its exact spelling (its
// order, its encoding, a bare `flag`), and so does everything around the query, the fragment too.

export type UtmValues = Record<UtmField, string>;

/** Said at a destination's URL when one of its UTM values is wrong (each field says which). */
export const UTM_URL_PROBLEM = "Check the UTM parameters of this URL";

interface SplitUrl {
  /** Everything before `?` (or the whole URL without a query). */
  head: string;
  /** The query's segments, `name=value` as written; none without a query. */
  segments: string[];
  /** `#…` or empty. */
  hash: string;
  /** A bare `?` with nothing after it, kept as written while nothing is added. */
  bareQuestionMark: boolean;
}

function split(url: string): SplitUrl {
  const hashAt = url.indexOf("#");
  const hash = hashAt >= 0 ? url.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf("?");
  if (queryAt < 0) return { head: beforeHash, segments: [], hash, bareQuestionMark: false };
  const query = beforeHash.slice(queryAt + 1);
  return {
    head: beforeHash.slice(0, queryAt),
    segments: query === "" ? [] : query.split("&"),
    hash,
    bareQuestionMark: query === "",
  };
}

function join({ head, segments, hash, bareQuestionMark }: SplitUrl): string {
  const query = segments.length > 0 ? `?${segments.join("&")}` : bareQuestionMark ? "?" : "";
  return `${head}${query}${hash}`;
}

/** A query component as a browser reads it: `+` is a space, a broken escape is kept as written. */
function decode(text: string): string {
  const spaced = text.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function nameOf(segment: string): string {
  const equals = segment.indexOf("=");
  return decode(equals >= 0 ? segment.slice(0, equals) : segment);
}

function valueIn(segment: string): string {
  const equals = segment.indexOf("=");
  return equals >= 0 ? decode(segment.slice(equals + 1)) : "";
}

/** The five UTM values the URL holds (the first of each name), empty where it has none. */
export function utmValuesOf(url: string): UtmValues {
  const { segments } = split(url);
  const values = { source: "", medium: "", campaign: "", content: "", term: "" };
  for (const field of UTM_FIELDS) {
    const segment = segments.find((s) => nameOf(s) === UTM_PARAMETER[field]);
    if (segment !== undefined) values[field] = valueIn(segment);
  }
  return values;
}

/** Whether the URL carries any of the five UTM parameters. */
export function hasUtm(url: string): boolean {
  return Object.values(utmValuesOf(url)).some((value) => value !== "");
}

/**
 * The URL with these UTM values: each one given replaces the first parameter of its name where it
 * stood (its repeats go), or is added at the end in the builder's order; a blank one removes it.
 * Values are percent-encoded; nothing else in the URL changes.
 */
export function withUtmValues(url: string, values: Partial<UtmValues>): string {
  const parts = split(url);
  let segments = parts.segments;
  for (const field of UTM_FIELDS) {
    const given = values[field];
    if (given === undefined) continue;
    const name = UTM_PARAMETER[field];
    // Spaces inside a value stay as typed (the field trims its ends when it is left); blank removes it.
    const value = given.trim() === "" ? "" : given;
    const first = segments.findIndex((s) => nameOf(s) === name);
    const written = `${name}=${encodeURIComponent(value)}`;
    segments = segments.flatMap((segment, index) => {
      if (nameOf(segment) !== name) return [segment];
      return index === first && value !== "" ? [written] : [];
    });
    if (first < 0 && value !== "") segments.push(written);
  }
  return join({ ...parts, segments });
}

/**
 * One field of the builder typed into. The first UTM value a URL gets brings `utm_content` along, set to
 * the variant's name (its default; nothing without a name), which the field can then change or clear.
 */
export function withUtmValue(url: string, field: UtmField, value: string, defaultContent: string): string {
  const starting = !hasUtm(url) && field !== "content" && value.trim() !== "";
  const content = starting && defaultContent.trim() ? { content: defaultContent } : {};
  return withUtmValues(url, { ...content, [field]: value });
}

/**
 * A workspace's template applied: its source, medium, campaign and term (those it leaves empty are
 * removed, so a template replaces the last one), and `utm_content` the variant's name unless the URL
 * already names its own content.
 */
export function withUtmTemplate(
  url: string,
  template: Pick<UtmValues, (typeof UTM_TEMPLATE_FIELDS)[number]>,
  defaultContent: string,
): string {
  const values: Partial<UtmValues> = {};
  for (const field of UTM_TEMPLATE_FIELDS) values[field] = template[field];
  if (!utmValuesOf(url).content && defaultContent.trim()) values.content = defaultContent;
  return withUtmValues(url, values);
}

/**
 * The variant renamed: a `utm_content` that followed its old name (the default, or a template's; none
 * while it had no name) follows the new one, so the content keeps naming the variant. Content typed
 * by hand, or cleared, stays as it is; a URL with no other UTM value gets none.
 */
export function withContentRenamed(url: string, oldName: string, newName: string): string {
  const { content, ...others } = utmValuesOf(url);
  const tagged = Object.values(others).some((value) => value !== "");
  if (!tagged || content !== oldName.trim()) return url;
  return withUtmValues(url, { content: newName });
}

/** What is wrong with each UTM value of the URL, by field; empty when nothing. */
export function utmProblemsOf(url: string): Partial<Record<UtmField, string>> {
  const values = utmValuesOf(url);
  const problems: Partial<Record<UtmField, string>> = {};
  for (const field of UTM_FIELDS) {
    const problem = utmValueProblem(values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}
