import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type * as z from "zod";
import { GENERIC_MESSAGES } from "../../contract/messages";
import { ApiError } from "../errors";

type Target = "json" | "query" | "param" | "header";

/** JSON and its `+json` kinds; a body of another type is read as `{}`, so it gets the missing fields' message. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

async function partOf(c: Context, target: Target): Promise<unknown> {
  if (target === "param") return c.req.param();
  // Header names come lower-case, as the schemas name them.
  if (target === "header") return c.req.header();
  if (target === "query")
    return Object.fromEntries(
      Object.entries(c.req.queries()).map(([name, values]) => [
        name,
        values.length === 1 ? values[0] : values,
      ]),
    );
  const mediaType = c.req.header("content-type")?.split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) return {};
  try {
    return await c.req.json();
  } catch {
    throw new HTTPException(400, { message: "Malformed JSON in request body" });
  }
}

/**
 * zod validation of a request part, read as Hono's validator reads it (a few lines instead of
 * @hono/zod-validator and hono/validator): a failure answers 400 invalid_input with the first issue's
 * message; the handler reads the parsed value with `c.req.valid(target)`.
 */
export function validate<T extends Target, Schema extends z.ZodType>(
  target: T,
  schema: Schema,
): MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: any route's environment, as Hono's own validator takes it
  any,
  string,
  { in: { [K in T]: z.input<Schema> }; out: { [K in T]: z.output<Schema> } }
> {
  return async (c, next) => {
    const result = await schema.safeParseAsync(await partOf(c, target));
    if (!result.success)
      throw new ApiError("invalid_input", result.error.issues[0]?.message ?? GENERIC_MESSAGES.invalidInput);
    c.req.addValidatedData(target, result.data as object);
    await next();
  };
}
