import type { SplitTest } from "@contract/api";

type TrackedTest = Pick<SplitTest, "id" | "link" | "customDomainId" | "conversionUrl">;

/**
 * The one-tag conversion tracker to paste on the thank-you page. The script is served by the app itself:
 * from the link's origin for a link on the default domain, else from the origin this page runs on.
 */
export function trackerSnippet(test: TrackedTest, currentOrigin: string = window.location.origin): string {
  const appOrigin = test.customDomainId ? currentOrigin : new URL(test.link).origin;
  const attributes = [
    `src="${escapeAttribute(`${appOrigin}/t.js`)}"`,
    `data-test="${escapeAttribute(test.id)}"`,
  ];
  if (test.conversionUrl !== null) {
    attributes.push(`data-conversion-url="${escapeAttribute(test.conversionUrl)}"`);
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
