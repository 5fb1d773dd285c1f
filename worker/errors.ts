import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody, ErrorCode } from "../contract/api";
import { ERROR_STATUS } from "../contract/errors";

/** The one error class of the API: a stable machine code, which decides the status, and a message for people. */
export class ApiError extends HTTPException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reasons?: string[],
    readonly limit?: number,
  ) {
    super(ERROR_STATUS[code], { message });
  }

  bodyFor(requestId: string): ApiErrorBody {
    const body = errorBody(this.code, this.message, requestId, this.reasons);
    if (this.limit !== undefined) body.error.limit = this.limit;
    return body;
  }
}

/** The one error body of the API. */
export function errorBody(
  code: ErrorCode,
  message: string,
  requestId: string,
  reasons?: string[],
): ApiErrorBody {
  return { error: { code, message, ...(reasons ? { reasons } : {}), requestId } };
}

/** A 429 `rate_limited` that says when to come back: the error handler sends `Retry-After`. */
export class RetryLaterError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    limit?: number,
  ) {
    super("rate_limited", message, undefined, limit);
  }
}
