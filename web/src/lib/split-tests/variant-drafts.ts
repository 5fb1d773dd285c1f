import type { VariantInput } from "@contract/api";
import { TEST_MESSAGES, VARIANT_MESSAGES } from "@contract/messages";
import { httpUrlProblem, MAX_URL_LENGTH } from "@contract/urls";
import { evenWeights, MAX_VARIANTS, MIN_VARIANTS, weightsProblem } from "@contract/variants";
import { UTM_URL_PROBLEM, utmProblemsOf } from "./utm";

/** A variant as the editor holds it: the weight as typed, so that a half-typed number survives. */
export interface VariantDraft {
  /** Stays with the row when others are added or removed; the label is the position and does not. */
  key: number;
  url: string;
  weight: string;
  /** Optional, shown beside the label (B · Red button). */
  name: string;
}

let nextKey = 0;

function draft(url: string, weight: number, name = ""): VariantDraft {
  nextKey += 1;
  return { key: nextKey, url, weight: String(weight), name };
}

/** A test's variants, to edit. */
export function draftsOf(
  variants: readonly { url: string; weight: number; name?: string | null }[],
): VariantDraft[] {
  return variants.map((variant) => draft(variant.url, variant.weight, variant.name ?? ""));
}

/** A new test's variants: A and B, empty, 50/50. */
export function emptyDrafts(): VariantDraft[] {
  return evenWeights(MIN_VARIANTS).map((weight) => draft("", weight));
}

function parseWeight(weight: string): number {
  return weight.trim() === "" ? Number.NaN : Number(weight);
}

export function weightsOf(drafts: readonly VariantDraft[]): number[] {
  return drafts.map((variant) => parseWeight(variant.weight));
}

/** The weights as typed, added up; what is not a number counts as 0. */
export function weightTotal(drafts: readonly VariantDraft[]): number {
  return weightsOf(drafts).reduce((sum, weight) => sum + (Number.isFinite(weight) ? weight : 0), 0);
}

export function isEvenSplit(drafts: readonly VariantDraft[]): boolean {
  const even = evenWeights(drafts.length);
  return weightsOf(drafts).every((weight, index) => weight === even[index]);
}

export function withEvenWeights(drafts: readonly VariantDraft[]): VariantDraft[] {
  const even = evenWeights(drafts.length);
  return drafts.map((variant, index) => ({ ...variant, weight: String(even[index]) }));
}

export function canAddDraft(drafts: readonly VariantDraft[]): boolean {
  return drafts.length < MAX_VARIANTS;
}

/** Any variant but A can go: A alone is a plain link, which becomes a test when one is added (issue #49). */
export function canRemoveDraftAt(index: number): boolean {
  return index >= 1;
}

/** One more variant, empty; the traffic is split evenly again, since the old shares no longer fit. */
export function withDraftAdded(drafts: readonly VariantDraft[]): VariantDraft[] {
  return withEvenWeights([...drafts, draft("", 0)]);
}

/** Without the variant; the traffic is split evenly again. */
export function withDraftRemoved(drafts: readonly VariantDraft[], key: number): VariantDraft[] {
  return withEvenWeights(drafts.filter((variant) => variant.key !== key));
}

/** The variants as the API takes them. */
export function variantInputs(drafts: readonly VariantDraft[]): VariantInput[] {
  return drafts.map((variant) => ({
    url: variant.url.trim(),
    weight: parseWeight(variant.weight),
    ...(variant.name.trim() ? { name: variant.name.trim() } : {}),
  }));
}

/**
 * The first problem with the variants as the API would find it, as its message: required URLs, then
 * URLs (the variants' and `otherUrls`, such as the conversion URL), then weights. Null when none.
 */
export function variantsProblem(
  drafts: readonly VariantDraft[],
  otherUrls: readonly string[] = [],
): string | null {
  const variants = variantInputs(drafts);
  if (variants.some((variant) => !variant.url)) return TEST_MESSAGES.requiredFields;
  const destinationsValid = variants.every((variant) => destinationProblemMessage(variant.url) === null);
  const othersValid = otherUrls.every((url) => urlProblemMessage(url) === null);
  if (!destinationsValid || !othersValid) return TEST_MESSAGES.invalidUrls;
  return weightsDraftProblem(drafts);
}

/**
 * Where a problem variantsProblem found shows, by variant: a missing URL's message at each empty one, what
 * is wrong with each invalid one next to it (the toast says the specification's "Please enter valid
 * URLs"); none for a problem with the weights.
 */
export function urlProblemsOf(drafts: readonly VariantDraft[], problem: string): (string | null)[] {
  return variantInputs(drafts).map(({ url }) => {
    if (problem === TEST_MESSAGES.requiredFields) return url ? null : problem;
    return problem === TEST_MESSAGES.invalidUrls && url ? destinationProblemMessage(url) : null;
  });
}

/** What is wrong with one typed address, said next to its field; null when nothing. */
export function urlProblemMessage(url: string): string | null {
  // The API's cap, said rather than enforced by the field: a pasted address is never cut short unseen.
  if (url.length > MAX_URL_LENGTH) return TEST_MESSAGES.urlTooLong;
  const found = httpUrlProblem(url);
  if (!found) return null;
  return found === "no_domain" ? TEST_MESSAGES.urlNoDomain : TEST_MESSAGES.urlNotHttp;
}

/**
 * What is wrong with a version's destination: as any URL, or a link of this app itself (a split link
 * here), round which visitors would loop. The server also refuses SplitLink's custom domains.
 */
export function destinationProblemMessage(
  url: string,
  appHost: string | undefined = globalThis.location?.host,
): string | null {
  const found = urlProblemMessage(url);
  if (found) return found;
  if (new URL(url).host === appHost) return TEST_MESSAGES.urlLoops;
  // Each UTM field of the builder says which value is wrong.
  return Object.keys(utmProblemsOf(url)).length > 0 ? UTM_URL_PROBLEM : null;
}

/** What is wrong with the weights alone, as the API would say it; null when nothing. */
export function weightsDraftProblem(drafts: readonly VariantDraft[]): string | null {
  const problem = weightsProblem(variantInputs(drafts).map((variant) => variant.weight));
  return problem ? VARIANT_MESSAGES[problem] : null;
}

/** Whether two versions send visitors to the same address (an A/A test, made by accident more often than not). */
export function hasSameDestinations(drafts: readonly VariantDraft[]): boolean {
  const urls = variantInputs(drafts).map((variant) => variant.url);
  return new Set(urls).size < urls.length;
}
