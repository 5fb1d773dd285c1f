import { GENERIC_MESSAGES } from "../../contract/messages";
import { errorBody } from "../errors";
import { ERROR_PAGE_HEADERS, ERROR_PAGE_STYLE } from "../lib/error-page";
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
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Service misconfigured · SplitLink</title><style>${ERROR_PAGE_STYLE}</style></head>
<body><main role="alert"><h1>Service misconfigured</h1><p>${escapeHtml(message)}</p>
<dl><dt>Request id</dt><dd>${escapeHtml(requestId)}</dd></dl></main></body></html>`;
  return new Response(html, {
    status: 500,
    headers: { ...ERROR_PAGE_HEADERS, [REQUEST_ID_HEADER]: requestId },
  });
}
