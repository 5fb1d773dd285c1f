import type { SplitTest } from "@contract/api";
import { TAG_QUEUE_STUB } from "@contract/tracking";

type TrackedTest = Pick<SplitTest, "id" | "link" | "customDomainId" | "conversionUrl" | "conversionUrlMatch">;

/** The order's total in the snippets, to replace with the real one. */
export const EXAMPLE_VALUE = "49.99";

/**
 * The site tag: pasted once before `</head>` on every page of the marketer's site, it serves all their tests. A goal page
 * of a test decided by revenue carries the order's value; `data-convert` makes a page's visit the call
 * a test whose goal is a call waits for.
 */
export function siteTagSnippet(
  siteKey: string,
  options: { currency?: string | null; convert?: boolean } = {},
  appOrigin: string = window.location.origin,
): string {
  const attributes = [
    `src="${escapeAttribute(`${appOrigin}/t.js`)}"`,
    `data-site="${escapeAttribute(siteKey)}"`,
  ];
  if (options.convert) attributes.push("data-convert");
  if (options.currency)
    attributes.push(`data-amount="${EXAMPLE_VALUE}"`, `data-currency="${escapeAttribute(options.currency)}"`);
  return `${TAG_QUEUE_STUB}\n<script ${attributes.join(" ")} async></script>`;
}

/** The explicit conversion call, with the order's value (an example currency when the test has none). */
export function convertCall(currency: string | null, withValue = currency !== null): string {
  return withValue
    ? `splitlink.convert({ value: ${EXAMPLE_VALUE}, currency: "${currency ?? "EUR"}" })`
    : "splitlink.convert()";
}

/**
 * The goal page's address with the visitor's session for a goal page on another site than the landing
 * pages, the placeholders filled in from the landing page's `splitlink.sessionId()` and
 * `splitlink.variant()`. Without `splitTestId`, so the tag there takes it for a page the session was
 * passed on to, never for a landing page (docs/conversions.md, across sites).
 */
export function forwardedGoalUrl(conversionUrl: string): string {
  return `${conversionUrl}${conversionUrl.includes("?") ? "&" : "?"}sessionId={sessionId}&variant={variant}`;
}

/**
 * The specification's one-tag conversion tracker for one test. The script is served by the app itself:
 * from the link's origin for a link on the default domain, else from the origin this page runs on. With
 * the workspace's site key the tag also reports where it runs, for the setup checklist (POST /t/seen
 * counts only a sighting that names it), and knows the test's named goals. The goal page is matched as
 * the test says (`data-match`, left out for `equals`).
 */
export function trackerSnippet(
  test: TrackedTest,
  siteKey: string | null,
  currentOrigin: string = window.location.origin,
): string {
  const appOrigin = test.customDomainId ? currentOrigin : new URL(test.link).origin;
  const attributes = [
    `src="${escapeAttribute(`${appOrigin}/t.js`)}"`,
    `data-test="${escapeAttribute(test.id)}"`,
  ];
  if (siteKey) attributes.push(`data-site="${escapeAttribute(siteKey)}"`);
  if (test.conversionUrl !== null) {
    attributes.push(`data-conversion-url="${escapeAttribute(test.conversionUrl)}"`);
    if (test.conversionUrlMatch !== "equals") attributes.push(`data-match="${test.conversionUrlMatch}"`);
  }
  return `<script ${attributes.join(" ")} async></script>`;
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}
