import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { MAX_IMPORT_CHARS } from "../../contract/imports";
import { GENERIC_MESSAGES, IMPORT_MESSAGES } from "../../contract/messages";
import { ApiError } from "../errors";

/** Every JSON body of the API: the largest real one, a test with three 2,048-character URLs, is about 7 KB. */
export const API_MAX_BODY_BYTES = 16 * 1024;
/** A conversion beacon carries two ids and a variant: some 200 bytes. */
export const BEACON_MAX_BODY_BYTES = 2 * 1024;

/** Refuses a body above maxBytes with 413 in the API's error shape, before any of it is parsed. */
export function limitBody(maxBytes: number, message: string = GENERIC_MESSAGES.tooLarge) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError("too_large", message);
    },
  });
}

/** An import's file (issue #49): 1 MB of CSV, with room for its escaping as a JSON string. */
export const IMPORT_MAX_BODY_BYTES = 2 * MAX_IMPORT_CHARS;
const IMPORT_PATHS = new Set(["/api/tests/import", "/api/v1/tests/import"]);

/** The API's body limit: an import's file may be larger than every other body. */
export function limitApiBody() {
  const json = limitBody(API_MAX_BODY_BYTES);
  const file = limitBody(IMPORT_MAX_BODY_BYTES, IMPORT_MESSAGES.tooLarge);
  return createMiddleware((c, next) => (IMPORT_PATHS.has(c.req.path) ? file : json)(c, next));
}
