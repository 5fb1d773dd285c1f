import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ErrorCode } from "../contract/api";

/** The one error class of the API: a status, a stable machine code and a message for people. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly reasons?: string[],
    readonly limit?: number,
  ) {
    super(status, { message });
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
