import { LINK_PASSWORD_FIELD, MAX_LINK_PASSWORD } from "../../contract/link-password";
import { LINK_PASSWORD_MESSAGES } from "../../contract/messages";
import { cardPage, connectionBadge, ERROR_PAGE_HEADERS, ERROR_PAGE_STYLE } from "./error-page";
import { escapeHtml } from "./text";

// Loaded with redirect/password.ts, on the first visit of a password link: other links never run it.

export interface PasswordPageDetails {
  status: 200 | 403 | 429;
  /** The path and query the form posts to: the link as the visitor opened it. */
  action: string;
  secure: boolean;
  /** Said next to the field: a wrong password, too many attempts; none on the first visit. */
  error?: string;
}

const PASSWORD_PAGE_STYLE = `${ERROR_PAGE_STYLE}
label{display:block;font-weight:600;font-size:.875rem;margin:0 0 6px}
input{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid #94a3b8;border-radius:8px;margin:0 0 8px}
input:focus-visible{outline:3px solid #a5b4fc;outline-offset:1px}input[aria-invalid=true]{border-color:#b91c1c}
.error{color:#b91c1c;font-size:.875rem;font-weight:600;margin:0 0 8px}
button{margin-top:8px;width:100%;font:inherit;font-weight:600;background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:10px 16px;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}`;

/**
 * A password link's page (issue #49), in the error card's look, on the link's own host: one field, its
 * label, the error next to it, and a form that posts back to the link as it was opened.
 */
export function renderPasswordPage(details: PasswordPageDetails): Response {
  const error = details.error
    ? `<p id="password-error" class="error" role="alert">${escapeHtml(details.error)}</p>`
    : "";
  const invalid = details.error ? ` aria-invalid="true" aria-describedby="password-error"` : "";
  const M = LINK_PASSWORD_MESSAGES;
  const html = cardPage(
    M.pageTitle,
    `<main>
<h1>${escapeHtml(M.heading)}</h1>
${connectionBadge(details.secure)}
<p>${escapeHtml(M.intro)}</p>
<form method="post" action="${escapeHtml(details.action)}">
<label for="password">${escapeHtml(M.label)}</label>
<input id="password" name="${LINK_PASSWORD_FIELD}" type="password" required autofocus autocomplete="current-password" maxlength="${MAX_LINK_PASSWORD}"${invalid}>
${error}<button type="submit">${escapeHtml(M.submit)}</button>
</form>
</main>`,
    PASSWORD_PAGE_STYLE,
  );
  return new Response(html, {
    status: details.status,
    // No form-action: browsers check it along the redirects that follow the post too, and a right
    // answer ends on the link's destination, another site.
    headers: { ...ERROR_PAGE_HEADERS, ...(details.status === 429 ? { "retry-after": "60" } : {}) },
  });
}
