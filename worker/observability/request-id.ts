export const REQUEST_ID_HEADER = "x-request-id";

/** Cloudflare's ray id when the request came through the edge (it ties the logs to Cloudflare's), else a fresh UUID. */
export function requestIdOf(request: Request): string {
  return request.headers.get("cf-ray") || crypto.randomUUID();
}

/** Whether a line of a sampled path is written: every error, and a share of the rest. */
export function sampled(status: number, rate: number, random = Math.random): boolean {
  return status >= 500 || random() < rate;
}
