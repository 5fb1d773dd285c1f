import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../../contract/api";

/** The one error class of the API: a status, a stable machine code and a message for people. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly reasons?: string[],
  ) {
    super(status, { message });
  }

  get body(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.reasons ? { reasons: this.reasons } : {}) },
    };
  }
}
