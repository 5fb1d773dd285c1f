import * as z from "zod";

const checkSchema = z.enum(["ok", "failed"]);

/** `GET /api/health`: each check is "ok" or "failed"; the status is "ok" only when all are. */
export const healthResponseSchema = z.object({
  status: checkSchema,
  checks: z.object({ d1: checkSchema, kv: checkSchema }),
});
export type HealthResponse = z.output<typeof healthResponseSchema>;
