// Every value the edge takes from a request header is capped here before anything reads it: a header
// can be as long as the whole request (~128 KB), and what the redirect reads travels on in a queue
// message, a log line or a D1 row.

/** Longer user agents are not real browsers; the first 512 characters are what isbot and the parsers read. */
export const MAX_USER_AGENT = 512;
/** A Referer is read for its host only, and no DNS name is longer than 253 characters. */
export const MAX_HOSTNAME = 253;
const MAX_HEADER = 1024;

/** The header's value, cut to `max` characters; null when absent. */
export function cappedHeader(headers: Headers, name: string, max = MAX_HEADER): string | null {
  return headers.get(name)?.slice(0, max) ?? null;
}
