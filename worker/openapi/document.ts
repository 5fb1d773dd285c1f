import * as z from "zod";
import { API_KEY_PREFIX } from "../auth/api-keys";

// A small OpenAPI 3.1 builder over zod 4's own JSON Schema output (draft 2020-12, which OpenAPI 3.1
// uses as is): no extra dependency in the Worker. It reads the same operations the public API mounts
// (worker/routes/public-api.ts), so the document cannot list a route the app does not have.

type Method = "get" | "post" | "put" | "patch" | "delete";
/**
 * The error answers an operation can give besides 401 and 429, which every keyed operation can, and 403,
 * which every keyed change can (a read key).
 */
type ErrorStatus = 400 | 404 | 409 | 422;

interface Answer {
  status: 200 | 201 | 202;
  description: string;
  schema: z.ZodType;
  name: string;
}

export interface Operation {
  method: Method;
  /** OpenAPI style: /api/v1/tests/{id} */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  pathParams?: z.ZodObject;
  /** Request headers the operation reads, by their lower-case names. */
  headerParams?: z.ZodObject;
  body?: { schema: z.ZodType; name: string; example?: unknown };
  success: Answer;
  /** Other 2xx answers the operation can give. */
  otherAnswers?: Answer[];
  errors?: ErrorStatus[];
  /** Answers without an API key. */
  public?: true;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description: string }[];
  /** Named schemas shown under components, beyond those the operations name. */
  schemas: Record<string, z.ZodType>;
}

const ERROR_RESPONSES = {
  400: { name: "InvalidInput", description: "The input is invalid; the message says what to fix." },
  401: {
    name: "Unauthorized",
    description: "The API key is missing, malformed, unknown or revoked.",
  },
  403: {
    name: "Forbidden",
    description:
      "The API key has the read scope: it reads, and changes nothing. Use a key with the write scope.",
  },
  404: { name: "NotFound", description: "No such resource in the key's workspace." },
  409: {
    name: "Conflict",
    description: "The request conflicts with what exists (e.g. a taken custom slug).",
  },
  422: {
    name: "Unprocessable",
    description: "The input is well-formed but cannot be used (e.g. an unverified domain).",
  },
  429: { name: "RateLimited", description: "Too many requests with this API key; wait a minute." },
} as const;

function schemaRef(name: string) {
  return { $ref: `#/components/schemas/${name}` };
}

/** JSON Schemas of named zod schemas; a named schema inside another becomes a $ref to it. */
function componentSchemas(named: Record<string, z.ZodType>, io: "input" | "output") {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  for (const schema of Object.values(schemas)) {
    // Each component would repeat the dialect; the document declares it once.
    delete schema.$schema;
    // A default on a required property means nothing to a caller, who must send it.
    for (const name of schema.required ?? [])
      delete (schema.properties?.[name] as { default?: unknown })?.default;
  }
  return schemas;
}

function operationObject(op: Operation) {
  const keyed = op.public ? [] : op.method === "get" ? ([401, 429] as const) : ([401, 403, 429] as const);
  const errors = [...(op.errors ?? []), ...keyed].sort();
  const responses: Record<string, unknown> = {};
  for (const answer of [op.success, ...(op.otherAnswers ?? [])])
    responses[answer.status] = {
      description: answer.description,
      content: { "application/json": { schema: schemaRef(answer.name) } },
    };
  for (const status of errors)
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };

  const parametersIn = (place: "path" | "header", params: z.ZodObject | undefined) => {
    const schema = params ? z.toJSONSchema(params, { io: "input" }) : null;
    return Object.entries(schema?.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property as { description?: string };
      const shown =
        place === "header" ? name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase()) : name;
      return { name: shown, in: place, required: true, description, schema: rest };
    });
  };
  const parameters = [...parametersIn("path", op.pathParams), ...parametersIn("header", op.headerParams)];

  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(op.public ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: schemaRef(op.body.name),
                ...(op.body.example ? { example: op.body.example } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the operations. */
export function buildOpenApiDocument(info: DocumentInfo, operations: readonly Operation[]) {
  const outputs: Record<string, z.ZodType> = { ...info.schemas };
  const inputs: Record<string, z.ZodType> = {};
  for (const op of operations) {
    for (const answer of [op.success, ...(op.otherAnswers ?? [])]) outputs[answer.name] = answer.schema;
    if (op.body) inputs[op.body.name] = op.body.schema;
  }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = operationObject(op);
  }

  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      { description, content: { "application/json": { schema: schemaRef("Error") } } },
    ]),
  );

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: "/", description: "This SplitLink instance" }],
    tags: info.tags,
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: `An API key (it starts with \`${API_KEY_PREFIX}\`), sent as \`Authorization: Bearer <key>\`.`,
        },
      },
      responses,
      schemas: { ...componentSchemas(outputs, "output"), ...componentSchemas(inputs, "input") },
    },
  };
}
