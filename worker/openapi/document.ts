import * as z from "zod";
import { ERROR_STATUS, type ErrorCode, type ErrorStatus } from "../../contract/errors";
import { API_KEY_PREFIX } from "../auth/api-keys";
import { OPERATION_DESCRIPTIONS } from "./operation-descriptions";

// A small OpenAPI 3.1 builder over zod 4's own JSON Schema output (draft 2020-12, which OpenAPI 3.1
// uses as is): no extra dependency in the Worker. It reads the same operations the public API mounts
// (worker/routes/public-api.ts), so the document cannot list a route the app does not have.

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * The codes every keyed operation can answer: a missing or unknown key, a key over its limit, and a key
 * whose maker lacks the two-factor sign-in its workspace requires.
 */
const KEYED_READ_ERRORS: ErrorCode[] = [
  "api_key_missing",
  "api_key_invalid",
  "rate_limited",
  "two_factor_required",
];
/** And every keyed change: a read key changes nothing. */
const KEYED_CHANGE_ERRORS: ErrorCode[] = [...KEYED_READ_ERRORS, "forbidden"];

interface Answer {
  status: 200 | 201 | 202;
  description: string;
  /**
   * Left out for an answer whose schema only the document needs and the Worker's bundle would otherwise
   * carry whole (the test page's analytics): the document's info names it (./public-api.ts).
   */
  schema?: z.ZodType;
  name: string;
}

export interface Operation {
  method: Method;
  /** OpenAPI style: /api/v1/tests/{id} */
  path: string;
  operationId: string;
  /** Its longer description, if any, is in ./operation-descriptions.ts, out of the Worker's bundle. */
  summary: string;
  tag: string;
  pathParams?: z.ZodObject;
  /** Query parameters, each optional unless its schema says otherwise. */
  queryParams?: z.ZodObject;
  /** Request headers the operation reads, by their lower-case names. */
  headerParams?: z.ZodObject;
  body?: { schema: z.ZodType; name: string; example?: unknown };
  success: Answer;
  /** Other 2xx answers the operation can give. */
  otherAnswers?: Answer[];
  /**
   * The error codes the operation's handler can answer (each decides its status: ERROR_STATUS); the
   * document adds invalid_input for declared inputs and the API key's codes for keyed operations.
   */
  errors?: ErrorCode[];
  /** Answers without an API key. */
  public?: true;
  /**
   * A POST that cannot be taken back (promoting a version ends the test for good): its MCP tool is
   * marked destructive, as every PUT, PATCH and DELETE is (worker/openapi/mcp-tools.ts).
   */
  destructive?: true;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  /** The terms the API is offered under (OpenAPI's info.license). */
  license: { name: string; identifier: string };
  tags: { name: string; description: string }[];
  /** Named schemas shown under components, beyond those the operations name. */
  schemas: Record<string, z.ZodType>;
}

/** What each error status means in the public API; the codes each operation answers are listed with it. */
const ERROR_DESCRIPTIONS: Partial<Record<ErrorStatus, string>> = {
  400: "The input is invalid; the message says what to fix.",
  401: "The API key is missing, malformed, unknown or revoked.",
  403: "The API key has the read scope: it reads, and changes nothing. Use a key with the write scope.",
  404: "No such resource in the key's workspace.",
  409: "The request conflicts with what exists (e.g. a taken custom slug).",
  413: "The request body is too large.",
  422: "The input is well-formed but cannot be used (e.g. an unverified domain).",
  429: "Too many requests with this API key; wait a minute.",
};

/** One error answer of an operation: the Error shape, its `code` one of the codes listed. */
function errorResponse(status: ErrorStatus, codes: ErrorCode[]) {
  const description = ERROR_DESCRIPTIONS[status];
  if (!description) throw new Error(`The public API documents no ${status} answer`);
  return {
    description: `${description} Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
    content: {
      "application/json": {
        schema: {
          allOf: [
            schemaRef("Error"),
            {
              type: "object",
              properties: { error: { type: "object", properties: { code: { enum: codes } } } },
            },
          ],
        },
      },
    },
  };
}

/** The operation's error codes by the status they answer with, each list sorted. */
export function errorCodesByStatus(op: Operation): Map<ErrorStatus, ErrorCode[]> {
  const keyed = op.public ? [] : op.method === "get" ? KEYED_READ_ERRORS : KEYED_CHANGE_ERRORS;
  // Each declared input is validated before the handler runs (worker/routes/operations.ts).
  const validated: ErrorCode[] =
    op.pathParams || op.queryParams || op.headerParams || op.body ? ["invalid_input"] : [];
  const byStatus = new Map<ErrorStatus, ErrorCode[]>();
  for (const code of new Set([...(op.errors ?? []), ...validated, ...keyed])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code].sort());
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

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
    // Each component would repeat the dialect; the document declares it once. Its place under
    // components names it: an $id may not be a fragment (JSON Schema 2020-12), and the $refs need none.
    delete schema.$schema;
    delete schema.$id;
    // A default on a required property means nothing to a caller, who must send it.
    for (const name of schema.required ?? [])
      delete (schema.properties?.[name] as { default?: unknown })?.default;
  }
  return schemas;
}

function operationObject(op: Operation) {
  const responses: Record<string, unknown> = {};
  for (const answer of [op.success, ...(op.otherAnswers ?? [])])
    responses[answer.status] = {
      description: answer.description,
      content: { "application/json": { schema: schemaRef(answer.name) } },
    };
  for (const [status, codes] of errorCodesByStatus(op)) responses[status] = errorResponse(status, codes);

  const parametersIn = (place: "path" | "query" | "header", params: z.ZodObject | undefined) => {
    const schema = params ? z.toJSONSchema(params, { io: "input" }) : null;
    return Object.entries(schema?.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property as { description?: string };
      const shown =
        place === "header" ? name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase()) : name;
      const required = place !== "query" || (schema?.required ?? []).includes(name);
      return { name: shown, in: place, required, description, schema: rest };
    });
  };
  const parameters = [
    ...parametersIn("path", op.pathParams),
    ...parametersIn("query", op.queryParams),
    ...parametersIn("header", op.headerParams),
  ];

  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(OPERATION_DESCRIPTIONS[op.operationId]
      ? { description: OPERATION_DESCRIPTIONS[op.operationId] }
      : {}),
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
    for (const answer of [op.success, ...(op.otherAnswers ?? [])])
      if (answer.schema) outputs[answer.name] = answer.schema;
      else if (!info.schemas[answer.name]) throw new Error(`No schema for the answer ${answer.name}`);
    if (op.body) inputs[op.body.name] = op.body.schema;
  }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = operationObject(op);
  }

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: info.title,
      version: info.version,
      description: info.description,
      license: info.license,
    },
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
      schemas: { ...componentSchemas(outputs, "output"), ...componentSchemas(inputs, "input") },
    },
  };
}
