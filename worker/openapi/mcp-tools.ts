import * as z from "zod";
import type { Operation } from "./document";
import { OPERATION_DESCRIPTIONS } from "./operation-descriptions";

// The MCP server's tools (POST /mcp, worker/routes/mcp.ts), one per keyed /api/v1 operation of
// worker/routes/public-api.ts: built at build time beside the OpenAPI document (scripts/build-openapi.ts
// writes dist/api/v1/mcp-tools.json), so that zod's JSON Schema output stays out of the Worker.

/** One tool as MCP's tools/list answers it (the 2025-11-25 specification's Tool). */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required: string[] };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

/** What a tool changes, in its description's last sentence. */
function changesSentence(op: Operation, destructive: boolean): string {
  if (op.method === "get") return "Reads only: it changes nothing.";
  const needs = "It changes the key's workspace and needs a write key.";
  return destructive
    ? `${needs} Destructive: it replaces or removes what exists, or ends a test for good.`
    : `${needs} It only adds or switches something that can be switched back.`;
}

/**
 * The tool's arguments: the path and query parameters and headers by name (a query parameter required
 * only when its schema says so), and the request body as `body`.
 */
function inputSchemaOf(op: Operation): McpTool["inputSchema"] {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const params of [op.pathParams, op.queryParams, op.headerParams]) {
    const schema = params ? z.toJSONSchema(params, { io: "input", unrepresentable: "any" }) : null;
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      properties[name] = property;
      if (params !== op.queryParams || (schema?.required ?? []).includes(name)) required.push(name);
    }
  }
  if (op.body) {
    const { $schema: _, ...body } = z.toJSONSchema(op.body.schema, { io: "input", unrepresentable: "any" });
    properties.body = { ...body, description: `The request body (${op.body.name})` };
    required.push("body");
  }
  return { type: "object", properties, required };
}

/** The MCP tools of the operations: every one an API key calls, named by its operationId. */
export function buildMcpTools(operations: readonly Operation[]): McpTool[] {
  return operations
    .filter((op) => !op.public)
    .map((op) => {
      const readOnly = op.method === "get";
      const destructive = !readOnly && (op.method !== "post" || op.destructive === true);
      const details = OPERATION_DESCRIPTIONS[op.operationId];
      return {
        name: op.operationId,
        title: op.summary,
        description: [`${op.summary}.`, details, changesSentence(op, destructive)].filter(Boolean).join(" "),
        inputSchema: inputSchemaOf(op),
        annotations: {
          title: op.summary,
          readOnlyHint: readOnly,
          destructiveHint: destructive,
          idempotentHint: readOnly || op.method === "put" || op.method === "delete",
          // Each tool acts on the key's own workspace only.
          openWorldHint: false,
        },
      };
    });
}
