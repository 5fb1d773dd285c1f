import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ApiUser } from "../../scripts/splitlink-api";

// The MCP server as an assistant meets it: the official MCP TypeScript SDK's client over its Streamable
// HTTP transport, against the app wrangler dev serves (docs/agents.md). No browser.

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

/** An MCP client connected to the app's /mcp with the key as its bearer token. */
async function connected(key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", inject("baseURL")), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: "splitlink-e2e", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A new account and an API key of its workspace with the scope. */
async function keyOf(user: ApiUser, scope: "read" | "write"): Promise<string> {
  return (await user.call<{ key: string }>("POST", "/api/keys", { name: `Assistant (${scope})`, scope })).key;
}

interface Structured {
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

describe("the MCP server with the official SDK client", () => {
  it("lists the tools, creates a test and reads its recommendation; a read key is refused the write; another workspace's key finds nothing", async () => {
    const owner = await ApiUser.signUp(inject("baseURL"), { email: `mcp-${Date.now()}@example.com` });
    const writer = await connected(await keyOf(owner, "write"));
    expect(writer.getServerVersion()?.name).toBe("splitlink");

    const { tools } = await writer.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["listTests", "createTest", "getTestAnalytics", "promoteTest"]),
    );
    expect(tools.find((tool) => tool.name === "promoteTest")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });

    const created = (await writer.callTool({
      name: "createTest",
      arguments: {
        body: { name: "Assistant's test", urlA: "https://example.com/a", urlB: "https://example.com/b" },
      },
    })) as Structured;
    expect(created.isError).toBe(false);
    const { test } = created.structuredContent as { test: { id: string; name: string } };
    expect(test.name).toBe("Assistant's test");

    const reading = (await writer.callTool({
      name: "getTestAnalytics",
      arguments: { id: test.id },
    })) as Structured;
    expect(reading.isError).toBe(false);
    expect(reading.structuredContent).toMatchObject({
      recommendation: { kind: "collect", text: expect.stringMatching(/\w/) },
      analytics: { verdict: { status: "keep collecting" } },
    });

    // A read key: offered only the tools that read, and refused a write it asks for all the same.
    const reader = await connected(await keyOf(owner, "read"));
    const readTools = (await reader.listTools()).tools;
    expect(readTools.map((tool) => tool.name)).not.toContain("createTest");
    expect(readTools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    const refused = (await reader.callTool({
      name: "pauseTest",
      arguments: { id: test.id },
    })) as Structured;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: { code: "forbidden" } });
    const still = (await reader.callTool({ name: "getTest", arguments: { id: test.id } })) as Structured;
    expect(still.structuredContent).toMatchObject({ test: { id: test.id, status: "active" } });

    // Another account's key: the test is not found, and its pause changes nothing.
    const stranger = await ApiUser.signUp(inject("baseURL"), {
      email: `mcp-other-${Date.now()}@example.com`,
    });
    const other = await connected(await keyOf(stranger, "write"));
    for (const name of ["getTestAnalytics", "pauseTest"]) {
      const answer = (await other.callTool({ name, arguments: { id: test.id } })) as Structured;
      expect(answer.isError, name).toBe(true);
      expect(answer.structuredContent, name).toMatchObject({ error: { code: "not_found" } });
    }
    const unchanged = (await writer.callTool({ name: "getTest", arguments: { id: test.id } })) as Structured;
    expect(unchanged.structuredContent).toMatchObject({ test: { status: "active" } });
  });
});
