import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { GENERIC_MESSAGES } from "../../contract/messages";
import { ApiError } from "../errors";

/** zod validation for any request part; a failure answers 400 with the first issue's message. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput;
      throw new ApiError(400, "invalid_input", message);
    }
  });
}
