import type { Context, Hono, MiddlewareHandler } from "hono";
import type * as z from "zod";
import type { ApiKeyEnv } from "../middleware/require-api-key";
import { validate } from "../middleware/validate";
import type { Operation } from "../openapi/document";

/**
 * One operation of the public API, declared once: what the OpenAPI document says of it, and its
 * handler, which gets the path and query parameters, headers and body as its schemas give them.
 */
export interface ApiOperation<
  Params extends z.ZodObject = z.ZodObject,
  Headers extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodObject = z.ZodObject,
> extends Operation {
  pathParams?: Params;
  queryParams?: Query;
  headerParams?: Headers;
  body?: { schema: Body; name: string; example?: unknown };
  handler(
    c: Context<ApiKeyEnv>,
    input: {
      param: z.output<Params>;
      query: z.output<Query>;
      header: z.output<Headers>;
      json: z.output<Body>;
    },
  ): Response | Promise<Response>;
}

/** An operation, its handler's input typed by its schemas. */
export function operation<
  Params extends z.ZodObject,
  Headers extends z.ZodObject,
  Body extends z.ZodType,
  Query extends z.ZodObject,
>(op: ApiOperation<Params, Headers, Body, Query>): ApiOperation<Params, Headers, Body, Query> {
  return op;
}

/**
 * Adds the operations to an app mounted at `base`: each one's path (OpenAPI's {id} as Hono's :id), the
 * validation of its path and query parameters, headers and body (400 invalid_input with the first issue's
 * message, as everywhere), then its handler. Public operations come first, then `auth` for the rest.
 */
export function mount(
  app: Hono<ApiKeyEnv>,
  base: string,
  auth: MiddlewareHandler<ApiKeyEnv>,
  operations: readonly ApiOperation[],
): Hono<ApiKeyEnv> {
  const add = (op: ApiOperation) => {
    const path = op.path.slice(base.length).replace(/\{(\w+)\}/g, ":$1");
    const checks: MiddlewareHandler[] = [];
    if (op.pathParams) checks.push(validate("param", op.pathParams));
    if (op.queryParams) checks.push(validate("query", op.queryParams));
    if (op.headerParams) checks.push(validate("header", op.headerParams));
    if (op.body) checks.push(validate("json", op.body.schema));
    app.on(op.method.toUpperCase(), [path], ...checks, (c: Context<ApiKeyEnv>) =>
      op.handler(c, {
        param: op.pathParams ? c.req.valid("param" as never) : {},
        query: op.queryParams ? c.req.valid("query" as never) : {},
        header: op.headerParams ? c.req.valid("header" as never) : {},
        json: op.body ? c.req.valid("json" as never) : undefined,
      }),
    );
  };
  for (const op of operations) if (op.public) add(op);
  app.use(auth);
  for (const op of operations) if (!op.public) add(op);
  return app;
}
