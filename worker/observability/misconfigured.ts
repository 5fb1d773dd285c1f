import { GENERIC_MESSAGES } from "../../contract/messages";
import { errorBody } from "../errors";
import { cardPage, ERROR_PAGE_HEADERS } from "../lib/error-page";
import { escapeHtml } from "../lib/text";
import { REQUEST_ID_HEADER } from "./request-id";

/**
 * The answer while a secret or setting is missing: 500 with the API's error shape under /api, a
 * plain page for everything else. It says what is wrong in general terms only, never which value.
 */
export function misconfiguredResponse(url: URL, requestId: string): Response {
  const message = GENERIC_MESSAGES.misconfigured;
  if (url.pathname.startsWith("/api/")) {
    return Response.json(errorBody("misconfigured", message, requestId), {
      status: 500,
      headers: { "cache-control": "no-store", [REQUEST_ID_HEADER]: requestId },
    });
  }
  const html = cardPage(
    "Service misconfigured",
    `<main role="alert"><h1>Service misconfigured</h1><p>${escapeHtml(message)}</p>
<dl><dt>Request id</dt><dd>${escapeHtml(requestId)}</dd></dl></main>`,
  );
  return new Response(html, {
    status: 500,
    headers: { ...ERROR_PAGE_HEADERS, [REQUEST_ID_HEADER]: requestId },
  });
}
