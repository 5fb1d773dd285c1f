import { bodyLimit } from "hono/body-limit";
import { GENERIC_MESSAGES } from "../../contract/messages";
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
