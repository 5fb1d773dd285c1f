// The parts of an OpenAPI 3.1 document the docs page shows (the Worker builds it from its zod schemas).

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<
    string,
    { $ref?: string; description?: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string }>;
  };
}

export const OPENAPI_URL = "/api/v1/openapi.json";

export async function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_URL, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`The API description answered ${response.status}`);
  return response.json();
}

/** The last segment of a local $ref: "#/components/schemas/SplitTest" → "SplitTest". */
export function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

/** A short, readable type: "string", "string | null", "SplitTest[]", "\"A\" | \"B\"". */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((type) => (type === "array" && schema.items ? `${typeLabel(schema.items)}[]` : type))
      .join(" | ") || "any"
  );
}

export interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

/** Every operation in document order, grouped by its first tag. */
export function endpointsByTag(
  document: OpenApiDocument,
): { tag: string; description: string; endpoints: Endpoint[] }[] {
  const endpoints = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
  return document.tags
    .map(({ name, description }) => ({
      tag: name,
      description,
      endpoints: endpoints.filter((e) => e.operation.tags[0] === name),
    }))
    .filter((group) => group.endpoints.length > 0);
}

/** Where a parameter goes, in the order an endpoint's card lists them, with the heading of each. */
const PARAMETER_PLACES = [
  { place: "path", title: "Path parameters" },
  { place: "query", title: "Query parameters" },
  { place: "header", title: "Headers" },
] as const;

/** An operation's parameters by where they go (path, query string, headers); a place with none is left out. */
export function parameterGroups(
  operation: Operation,
): { place: string; title: string; parameters: NonNullable<Operation["parameters"]> }[] {
  return PARAMETER_PLACES.map(({ place, title }) => ({
    place,
    title,
    parameters: (operation.parameters ?? []).filter((parameter) => parameter.in === place),
  })).filter((group) => group.parameters.length > 0);
}

/** What stands for a path's {id}: TEST_ID in /api/v1/tests/{id}, WEBHOOK_ID in /api/v1/webhooks/{id}. */
function idPlaceholder(path: string): string {
  const resource = /\/(\w+?)s?\/\{id\}/.exec(path)?.[1] ?? "resource";
  return `${resource.toUpperCase()}_ID`;
}
/** Example values of request headers in the curl commands. */
const HEADER_EXAMPLES: Record<string, string> = { "Idempotency-Key": "order-1001" };

/** A curl command for the endpoint, with the example body when there is one. */
export function curlExample(origin: string, endpoint: Endpoint): string {
  const lines = [
    `curl -X ${endpoint.method.toUpperCase()} "${origin}${endpoint.path.replace("{id}", idPlaceholder(endpoint.path))}"`,
  ];
  if (endpoint.operation.security?.length !== 0)
    lines.push(`  -H "Authorization: Bearer $SPLITLINK_API_KEY"`);
  for (const header of endpoint.operation.parameters?.filter((p) => p.in === "header") ?? [])
    lines.push(`  -H "${header.name}: ${HEADER_EXAMPLES[header.name] ?? "..."}"`);
  const example = endpoint.operation.requestBody?.content["application/json"]?.example;
  if (example !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(example)}'`);
  }
  return lines.join(" \\\n");
}
