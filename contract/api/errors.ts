import * as z from "zod";

export type { ApiErrorBody, ErrorCode, ErrorStatus } from "../errors";

import type { ApiErrorBody } from "../errors";

/** The error body as the OpenAPI document shows it (the type is `ApiErrorBody` in contract/errors.ts). */
export const apiErrorDetailSchema = z.looseObject({
  code: z.string().describe("A stable machine-readable code, e.g. invalid_input or not_found"),
  message: z.string().describe("A message for people, word for word as the app shows it"),
  reasons: z.array(z.string()).optional().describe("Details, where there are several"),
  limit: z.number().int().optional().describe("For quota_reached: how many the workspace may hold"),
  requestId: z.string().describe("The X-Request-Id of the answer: quote it to find the request in the logs"),
});

/** Every API error answers with this body. `reasons` is set for a weak password. */
export const apiErrorSchema = z.object({ error: apiErrorDetailSchema });

// The type the Worker builds its answers with (contract/errors.ts) fits this schema, or the build fails.
true satisfies ApiErrorBody extends z.input<typeof apiErrorSchema> ? true : false;
