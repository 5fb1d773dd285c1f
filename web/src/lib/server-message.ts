import { RequestError } from "@/lib/api";

/** The API's own message for a refused request; null when the API did not answer with one. */
export function serverMessage(error: unknown): string | null {
  const fromApi =
    error instanceof RequestError &&
    error.status > 0 &&
    error.code !== "unexpected_response" &&
    error.message.length > 0;
  return fromApi ? error.message : null;
}
