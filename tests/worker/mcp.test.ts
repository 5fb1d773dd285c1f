import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TestResponse } from "../../contract/api";
import { API_KEY_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import { PUBLIC_API_OPERATIONS } from "../../worker/routes/public-api";
import { Client, inFreshRateLimitWindow } from "./helpers";
import { seedApiKey, seedTest, seedUser } from "./seed";

// The MCP server at POST /mcp (issue #50, point 1), spoken to as an MCP client does: one JSON-RPC
// message a request, the key as a bearer token. tests/e2e/mcp.e2e.test.ts drives it with the official SDK.

interface Tool {
  name: string;
  description: string;
  inputSchema: { properties: Record<string, unknown>; required: string[] };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean };
}
interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

let nextId = 1;

/** One JSON-RPC request to /mcp: its HTTP answer and, when there is one, the parsed body. */
async function rpc(key: string | null, method: string, params?: Record<string, unknown>) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const response = await new Client().fetch("/mcp", {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  return { response, body: (await response.json()) as { result?: unknown; error?: { code: number } } };
}

async function toolsOf(key: string): Promise<Tool[]> {
  return ((await rpc(key, "tools/list")).body.result as { tools: Tool[] }).tools;
}

async function call(key: string, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  const { response, body } = await rpc(key, "tools/call", { name, arguments: args });
  expect(response.status).toBe(200);
  return body.result as ToolResult;
}

/** A user with a write key and a read key in their personal workspace, and a test there. */
async function workspaceWithKeys() {
  const user = await seedUser();
  const { key } = await seedApiKey(user.userId);
  const { key: readKey } = await seedApiKey(user.userId, { name: "Reports", scope: "read" });
  const test = await seedTest(user);
  return { user, key, readKey, test };
}

describe("searching tests (listTests with q)", () => {
  it("finds the key's tests by name, slug or custom path in any case, and never another workspace's", async () => {
    const { user, key } = await workspaceWithKeys();
    const spring = await seedTest(user, { name: "Spring PRICING page" });
    const path = await seedTest(user, {
      name: "Banner",
      customSlug: `pricing-${crypto.randomUUID().slice(0, 8)}`,
    });
    const stranger = await seedUser();
    await seedTest(stranger, { name: "Pricing of a stranger" });
    const tools = await toolsOf(key);
    expect(tools.find((tool) => tool.name === "listTests")?.inputSchema).toMatchObject({
      properties: { q: expect.any(Object) },
      required: [],
    });
    const ids = (result: ToolResult) =>
      ((result.structuredContent?.tests ?? []) as { id: string }[]).map((test) => test.id).sort();
    expect(ids(await call(key, "listTests", { q: "pricing" }))).toEqual([spring.id, path.id].sort());
    expect(ids(await call(key, "listTests", { q: spring.slug.toUpperCase() }))).toEqual([spring.id]);
    const tooLong = await call(key, "listTests", { q: "x".repeat(101) });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.structuredContent).toMatchObject({ error: { code: "invalid_input" } });
  });
});

describe("the MCP server", () => {
  it("initializes over Streamable HTTP as plain JSON, without a session", async () => {
    const { key } = await workspaceWithKeys();
    const { response, body } = await rpc(key, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect(body.result).toMatchObject({
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "splitlink" },
    });
    const initialized = await new Client().fetch("/mcp", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(initialized.status).toBe(202);
    expect((await new Client().fetch("/mcp", { headers: { authorization: `Bearer ${key}` } })).status).toBe(
      405,
    );
  });

  it("answers 401 without a key or with an unknown one, as the API does", async () => {
    const missing = await rpc(null, "tools/list");
    expect(missing.response.status).toBe(401);
    expect(missing.response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(missing.body).toMatchObject({
      error: { code: "api_key_missing", message: API_KEY_MESSAGES.missing },
    });
    const unknown = await rpc(`sl_live_${"x".repeat(40)}`, "tools/list");
    expect(unknown.response.status).toBe(401);
  });

  it("lists each keyed /api/v1 operation as a tool to a write key, and only those that read to a read key", async () => {
    const { key, readKey } = await workspaceWithKeys();
    const keyed = PUBLIC_API_OPERATIONS.filter((op) => !op.public);
    const tools = await toolsOf(key);
    expect(tools.map((tool) => tool.name).sort()).toEqual(keyed.map((op) => op.operationId).sort());
    const read = await toolsOf(readKey);
    expect(read.map((tool) => tool.name).sort()).toEqual(
      keyed
        .filter((op) => op.method === "get")
        .map((op) => op.operationId)
        .sort(),
    );
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    // What each changes is in its description and its annotations.
    expect(byName.get("getTestAnalytics")?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(byName.get("getTestAnalytics")?.description).toContain("changes nothing");
    for (const name of ["deleteTest", "promoteTest", "updateTest"])
      expect(byName.get(name)?.annotations, name).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
    expect(byName.get("pauseTest")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    expect(byName.get("createTest")?.inputSchema.required).toEqual(["body"]);
    expect(byName.get("promoteTest")?.inputSchema.required).toEqual(["id", "body"]);
  });

  it("runs a tool as the API request it stands for: the test is made in the key's workspace, recorded as the key", async () => {
    const { key, user } = await workspaceWithKeys();
    const created = await call(key, "createTest", {
      body: { name: "Agent's test", urlA: "https://shop.example/a", urlB: "https://shop.example/b" },
    });
    expect(created.isError).toBe(false);
    const { test } = created.structuredContent as TestResponse;
    expect(JSON.parse(created.content[0]?.text ?? "")).toEqual(created.structuredContent);
    const row = await env.DB.prepare("SELECT workspace_id FROM split_tests WHERE id = ?")
      .bind(test.id)
      .first<{ workspace_id: string }>();
    expect(row?.workspace_id).toBe(user.userId);

    const reading = await call(key, "getTestAnalytics", { id: test.id });
    expect(reading.structuredContent).toMatchObject({
      recommendation: { kind: "collect", text: expect.any(String) },
      analytics: { arms: [{ label: "A" }, { label: "B" }] },
    });
    expect((await call(key, "pauseTest", { id: test.id })).structuredContent).toMatchObject({
      test: { id: test.id, status: "paused" },
    });
    const history = await call(key, "getTestHistory", { id: test.id });
    expect(history.structuredContent).toMatchObject({
      events: [
        { action: "test.paused", actor: { type: "api_key", name: "CI pipeline" } },
        { action: "test.created", actor: { type: "api_key", name: "CI pipeline" } },
      ],
    });
    // The API's validation answers a bad input, with its message.
    const invalid = await call(key, "createTest", { body: { name: "No URLs" } });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toMatchObject({ error: { code: "invalid_input" } });
  });

  it("refuses a write with a read key, as the API does, and changes nothing", async () => {
    const { readKey, test } = await workspaceWithKeys();
    const refused = await call(readKey, "pauseTest", { id: test.id });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toEqual({
      error: expect.objectContaining({ code: "forbidden", message: WORKSPACE_MESSAGES.readKeyCannotChange }),
    });
    const row = await env.DB.prepare("SELECT status FROM split_tests WHERE id = ?")
      .bind(test.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("active");
    expect((await call(readKey, "getTest", { id: test.id })).isError).toBe(false);
  });

  it("never lets a key of one workspace read or change another's test", async () => {
    const mine = await workspaceWithKeys();
    const theirs = await workspaceWithKeys();
    for (const [name, args] of [
      ["getTest", {}],
      ["getTestAnalytics", {}],
      ["getTestHistory", {}],
      ["shareTest", {}],
      ["pauseTest", {}],
      ["promoteTest", { body: { variant: "B" } }],
      ["updateTest", { body: { endAfterVisitors: 500 } }],
      ["deleteTest", {}],
    ] as const) {
      const answer = await call(mine.key, name, { id: theirs.test.id, ...args });
      expect(answer.isError, name).toBe(true);
      expect(answer.structuredContent, name).toMatchObject({ error: { code: "not_found" } });
    }
    // A path smuggled into the id stays one path segment.
    const smuggled = await call(mine.key, "getTest", { id: `../tests/${theirs.test.id}` });
    expect(smuggled.isError).toBe(true);
    const row = await env.DB.prepare(
      "SELECT status, deleted_at, end_after_visitors FROM split_tests WHERE id = ?",
    )
      .bind(theirs.test.id)
      .first<{ status: string; deleted_at: number | null; end_after_visitors: number | null }>();
    expect(row).toEqual({ status: "active", deleted_at: null, end_after_visitors: null });
    const shares = await env.DB.prepare("SELECT count(*) AS n FROM share_links WHERE split_test_id = ?")
      .bind(theirs.test.id)
      .first<{ n: number }>();
    expect(shares?.n).toBe(0);
  });

  it("counts each tool call and each other message against the key's 60 requests a minute, as the API does", async () => {
    await inFreshRateLimitWindow(60, 10_000);
    const { key } = await workspaceWithKeys();
    // 30 other messages and 30 tool calls: the key's minute is used up.
    for (let i = 0; i < 30; i++) expect((await rpc(key, "ping")).response.status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await call(key, "listDomains")).isError).toBe(false);
    const limited = await call(key, "listTests");
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent).toMatchObject({
      error: { code: "rate_limited", message: API_KEY_MESSAGES.rateLimited },
    });
    const ping = await rpc(key, "ping");
    expect(ping.response.status).toBe(429);
    expect(ping.body).toMatchObject({ error: { code: "rate_limited" } });
  });

  it("refuses what is not a JSON-RPC message, an unknown method and an unknown tool", async () => {
    const { key } = await workspaceWithKeys();
    const notJson = await new Client().fetch("/mcp", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: -32700 } });
    expect((await rpc(key, "resources/list")).body.error?.code).toBe(-32601);
    expect((await rpc(key, "tools/call", { name: "getOpenApiDocument" })).body.error?.code).toBe(-32602);
  });
});
