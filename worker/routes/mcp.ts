import { type Context, Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../env";
import { presentedApiKey } from "../middleware/require-api-key";
import { limitApiKey } from "../services/limits";
import { assertTwoFactorMet } from "../services/workspaces";
import { PUBLIC_API_OPERATIONS } from "./public-api";

// The remote MCP server (issue #50, point 1): MCP's Streamable HTTP transport, answered as plain JSON
// (no event stream, no session), for agents holding a SplitLink API key. Its tools are the /api/v1
// operations of ./public-api.ts, listed from dist/api/v1/mcp-tools.json (built from the same list by
// scripts/build-openapi.ts); a call is that operation's own request, through the whole app, so the key's
// workspace, scope, rate limits, validation and history are the API's. docs/agents.md.

/** The revisions of MCP's specification this server speaks, newest first. */
const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"];

/** Runs a request through the whole app (app.ts hands it over: routes do not import the app). */
export type Dispatch = (request: Request, c: Context<AppEnv>) => Response | Promise<Response>;

const messageSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string().max(200), z.number()]).optional(),
  method: z.string().max(100),
  params: z.record(z.string(), z.unknown()).optional(),
});

const callSchema = z.object({
  name: z.string().max(100),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/** JSON-RPC's error codes. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

type Id = string | number | null;

function rpcError(c: Context, id: Id, code: number, message: string, status: 200 | 400 = 200) {
  return c.json({ jsonrpc: "2.0", id, error: { code, message } }, status);
}

/** The operation a tool names: one a key calls, never the public document. */
function toolOperation(name: string) {
  return PUBLIC_API_OPERATIONS.find((op) => op.operationId === name && !op.public);
}

/** The operation's request as an API client would send it, with the same bearer key. */
function toolRequest(c: Context<AppEnv>, name: string, args: Record<string, unknown>): Request | null {
  const op = toolOperation(name);
  if (!op) return null;
  const path = op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    encodeURIComponent(String(args[param] ?? "")),
  );
  const headers = new Headers({
    authorization: c.req.header("authorization") ?? "",
    accept: "application/json",
  });
  for (const header of Object.keys(op.headerParams?.shape ?? {}))
    if (typeof args[header] === "string") headers.set(header, args[header]);
  if (op.body) headers.set("content-type", "application/json");
  const url = new URL(path, c.req.url);
  for (const name of Object.keys(op.queryParams?.shape ?? {}))
    if (args[name] !== undefined) url.searchParams.set(name, String(args[name]));
  return new Request(url, {
    method: op.method.toUpperCase(),
    headers,
    body: op.body ? JSON.stringify(args.body ?? {}) : undefined,
  });
}

/** The tools the key may use: a read key only those that read. */
async function toolsFor(
  c: Context<AppEnv>,
  readOnly: boolean,
): Promise<{ annotations: { readOnlyHint: boolean } }[]> {
  const asset = await c.env.ASSETS.fetch(new URL("/api/v1/mcp-tools.json", c.req.url));
  if (!asset.headers.get("content-type")?.includes("json"))
    throw new Error("dist/api/v1/mcp-tools.json is missing");
  const { tools } = (await asset.json()) as { tools: { annotations: { readOnlyHint: boolean } }[] };
  return readOnly ? tools.filter((tool) => tool.annotations.readOnlyHint) : tools;
}

export function mcpRoutes(dispatch: Dispatch) {
  return (
    new Hono<AppEnv>()
      .post("/", async (c) => {
        const version = c.req.header("mcp-protocol-version");
        if (version !== undefined && !PROTOCOL_VERSIONS.includes(version))
          return rpcError(c, null, INVALID_REQUEST, `Unsupported MCP-Protocol-Version: ${version}`, 400);
        const { found, role } = await presentedApiKey(c);
        assertTwoFactorMet({ twoFactorMissing: found.makerTwoFactorMissing });

        const raw = await c.req.json().catch(() => undefined);
        if (raw === undefined) return rpcError(c, null, PARSE_ERROR, "The body is not JSON", 400);
        const parsed = messageSchema.safeParse(raw);
        if (!parsed.success) return rpcError(c, null, INVALID_REQUEST, "Send one JSON-RPC 2.0 message", 400);
        const { id, method, params } = parsed.data;
        // A tool's call is counted by the request it makes; every other message counts here.
        if (method !== "tools/call") await limitApiKey(c.env, found.id);
        // A notification or a response of the client's: nothing to answer.
        if (id === undefined) return c.body(null, 202);

        const result = (value: unknown) => c.json({ jsonrpc: "2.0", id, result: value });
        if (method === "initialize") {
          const asked = params?.protocolVersion;
          return result({
            protocolVersion: PROTOCOL_VERSIONS.find((known) => known === asked) ?? PROTOCOL_VERSIONS[0],
            capabilities: { tools: { listChanged: false } },
            serverInfo: { name: "splitlink", title: "SplitLink", version: "1.0.0" },
          });
        }
        if (method === "ping") return result({});
        if (method === "tools/list") return result({ tools: await toolsFor(c, role === "viewer") });
        if (method !== "tools/call") return rpcError(c, id, METHOD_NOT_FOUND, `Unknown method: ${method}`);

        const call = callSchema.safeParse(params ?? {});
        if (!call.success) return rpcError(c, id, INVALID_PARAMS, "Name the tool and its arguments");
        const request = toolRequest(c, call.data.name, call.data.arguments ?? {});
        if (!request) return rpcError(c, id, INVALID_PARAMS, `Unknown tool: ${call.data.name}`);
        const answer = await dispatch(request, c);
        const body: unknown = await answer.json().catch(() => null);
        return result({
          content: [{ type: "text", text: JSON.stringify(body) }],
          ...(body !== null && typeof body === "object" && !Array.isArray(body)
            ? { structuredContent: body }
            : {}),
          isError: !answer.ok,
        });
      })
      // No stream for the server's own messages, and no session to end.
      .on(["GET", "DELETE"], "/", (c) => c.body(null, 405, { Allow: "POST" }))
  );
}
