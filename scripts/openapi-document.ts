import { buildOpenApiDocument } from "../worker/openapi/document";
import { buildMcpTools } from "../worker/openapi/mcp-tools";
import { PUBLIC_API_INFO } from "../worker/openapi/public-api";
import { PUBLIC_API_OPERATIONS } from "../worker/routes/public-api";

/**
 * The public API's OpenAPI document, from the same operations the Worker mounts. Built at build time
 * (scripts/build-openapi.ts writes dist/api/v1/openapi.json, which the Worker serves as a static asset), so
 * that zod's JSON Schema output and the builder stay out of the Worker: some 5 KiB gzip.
 */
export function publicApiDocument() {
  return buildOpenApiDocument(PUBLIC_API_INFO, PUBLIC_API_OPERATIONS);
}

/** The MCP server's tools, from the same operations (worker/routes/mcp.ts serves them). */
export function mcpTools() {
  return buildMcpTools(PUBLIC_API_OPERATIONS);
}
