import { log } from "./log";
import { REQUEST_ID_HEADER, sampled } from "./request-id";

// The redirect is the hot path: one line in a hundred, and every failure.
export const REDIRECT_SAMPLE_RATE = 0.01;

/** Tags a redirect answer with its request id and logs it when sampled. */
export async function observeRedirect(
  answer: Promise<Response>,
  details: { requestId: string; route: "/r/:slug" | "custom-domain"; method: string; started: number },
): Promise<Response> {
  const response = await answer;
  response.headers.set(REQUEST_ID_HEADER, details.requestId);
  if (sampled(response.status, REDIRECT_SAMPLE_RATE)) {
    log(response.status >= 500 ? "error" : "info", "redirect", {
      requestId: details.requestId,
      method: details.method,
      path: details.route,
      status: response.status,
      durationMs: Date.now() - details.started,
    });
  }
  return response;
}
