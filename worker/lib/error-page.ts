import { escapeHtml } from "./text";

export interface RedirectErrorDetails {
  status: 400 | 404 | 500;
  message: string;
  hostname: string;
  slug: string;
  secure: boolean;
  homeUrl: string;
}

/** The look of the Worker's own HTML pages (redirect errors, the misconfiguration page). */
export const ERROR_PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{width:100%;max-width:440px;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px;
box-shadow:0 1px 3px rgba(15,23,42,.08)}h1{font-size:1.25rem;margin:0 0 8px;overflow-wrap:anywhere}p{margin:0 0 16px;color:#334155}
.badge{display:inline-block;font-size:.75rem;padding:2px 8px;border-radius:999px;margin-bottom:16px}
.secure{background:#dcfce7;color:#166534}.insecure{background:#fef3c7;color:#92400e}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:.8125rem;background:#f1f5f9;
padding:12px;border-radius:8px;margin:0 0 20px}dt{color:#64748b}dd{margin:0;word-break:break-all;font-family:ui-monospace,monospace}
a{display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600}
a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}`;

/** Headers of the Worker's own HTML pages: never cached or indexed, inline styles only. */
export const ERROR_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * One of the Worker's own card pages (a redirect error, a password link's form, the misconfiguration
 * page) as a document: `main` is the card's HTML, escaped by the caller.
 */
export function cardPage(title: string, main: string, style = ERROR_PAGE_STYLE): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · SplitLink</title><style>${style}</style></head>
<body>${main}</body></html>`;
}

/** Whether the page came over HTTPS, as the card's badge says it. */
export function connectionBadge(secure: boolean): string {
  return `<span class="badge ${secure ? "secure" : "insecure"}">${secure ? "Secure connection" : "Insecure connection"}</span>`;
}

/** The redirect's error card, rendered at the edge: the message, debug info and a way home. */
export function renderRedirectError(details: RedirectErrorDetails): Response {
  const html = cardPage(
    "Link error",
    `<main role="alert">
<h1>${escapeHtml(details.message)}</h1>
${connectionBadge(details.secure)}
<dl><dt>Hostname</dt><dd>${escapeHtml(details.hostname)}</dd><dt>Slug</dt><dd>${escapeHtml(details.slug || "(none)")}</dd></dl>
<a href="${escapeHtml(details.homeUrl)}">Go to the home page</a>
</main>`,
  );
  return new Response(html, {
    status: details.status,
    headers: ERROR_PAGE_HEADERS,
  });
}
