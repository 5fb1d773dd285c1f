import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ANALYTICS_INTEGRATION_MESSAGES } from "../../contract/messages";
import { Client, createApiKey, errorOf, publicApi, signedUpClient } from "./helpers";

// The site tag's GA4 and Tag Manager report (issue #36): a switch per workspace, off by default, that the
// tag reads with its goals. Who may switch it is in the access matrix.

async function siteKeyOf(client: Client): Promise<string> {
  return ((await (await client.fetch("/api/account/site-tag")).json()) as { siteKey: string }).siteKey;
}

/** What the tag reads; each key is read once per test, so the edge's one-minute cache never answers. */
async function tagSettings(siteKey: string) {
  const answer = await new Client().fetch(`/t/goals/${siteKey}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as { tests: unknown[]; ga4: boolean };
}

async function ga4Row(client: Client) {
  const response = await client.fetch("/api/integrations");
  expect(response.status).toBe(200);
  const { integrations } = (await response.json()) as {
    integrations: {
      kind: string;
      connected: boolean;
      connectedAt: string | null;
      lastEventAt: string | null;
    }[];
  };
  return integrations.find((row) => row.kind === "ga4");
}

async function historyOf(workspaceId: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, details FROM history_events WHERE workspace_id = ? AND action LIKE 'integration.%' ORDER BY id",
  )
    .bind(workspaceId)
    .all<{ action: string; details: string }>();
  return results.map((row) => ({ action: row.action, details: JSON.parse(row.details) }));
}

describe("the GA4 and Tag Manager switch", () => {
  it("is off by default, and the tag is told so", async () => {
    const { client } = await signedUpClient();
    expect(await ga4Row(client)).toEqual({
      kind: "ga4",
      connected: false,
      connectedAt: null,
      lastEventAt: null,
    });
    expect((await tagSettings(await siteKeyOf(client))).ga4).toBe(false);
  });

  it("switched on, tells this workspace's tag only, with one history row however often it is sent", async () => {
    const { client, userId } = await signedUpClient();
    const { client: other } = await signedUpClient();
    const before = Date.now();
    const on = await client.json("PUT", "/api/integrations/ga4", { enabled: true });
    expect(on.status).toBe(200);
    const { integration } = (await on.json()) as { integration: { connected: boolean; connectedAt: string } };
    expect(integration).toMatchObject({ kind: "ga4", connected: true, lastEventAt: null });
    expect(Date.parse(integration.connectedAt)).toBeGreaterThanOrEqual(before);
    // Sent again: nothing changes, the first time stays.
    const again = await client.json("PUT", "/api/integrations/ga4", { enabled: true });
    expect(((await again.json()) as { integration: unknown }).integration).toEqual(integration);
    expect(await ga4Row(client)).toEqual(integration);

    expect((await tagSettings(await siteKeyOf(client))).ga4).toBe(true);
    expect((await tagSettings(await siteKeyOf(other))).ga4).toBe(false);
    expect(await ga4Row(other)).toMatchObject({ connected: false });
    expect(await historyOf(userId)).toEqual([{ action: "integration.connected", details: { kind: "ga4" } }]);

    const off = await client.json("PUT", "/api/integrations/ga4", { enabled: false });
    expect(((await off.json()) as { integration: unknown }).integration).toEqual({
      kind: "ga4",
      connected: false,
      connectedAt: null,
      lastEventAt: null,
    });
    expect(await historyOf(userId)).toEqual([
      { action: "integration.connected", details: { kind: "ga4" } },
      { action: "integration.disconnected", details: { kind: "ga4" } },
    ]);
  });

  it("refuses anything but a boolean, with the message Settings shows", async () => {
    const { client } = await signedUpClient();
    for (const body of [{}, { enabled: "yes" }, { enabled: 1 }]) {
      const response = await client.json("PUT", "/api/integrations/ga4", body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "invalid_input",
        message: ANALYTICS_INTEGRATION_MESSAGES.ga4Invalid,
      });
    }
    expect(await ga4Row(client)).toMatchObject({ connected: false });
  });

  it("is the same setting through the public API, and its history names the key", async () => {
    const { client, userId } = await signedUpClient();
    const { key } = await createApiKey(client, "Tag manager sync");
    const on = await publicApi(key, "PUT", "/integrations/ga4", { enabled: true });
    expect(on.status).toBe(200);
    const listed = await publicApi(key, "GET", "/integrations");
    const { integrations } = (await listed.json()) as {
      integrations: { kind: string; connected: boolean }[];
    };
    expect(integrations.find((row) => row.kind === "ga4")).toMatchObject({ connected: true });
    expect(await ga4Row(client)).toMatchObject({ connected: true });
    const { results } = await env.DB.prepare(
      "SELECT actor_type, actor_label FROM history_events WHERE workspace_id = ? AND action = 'integration.connected'",
    )
      .bind(userId)
      .all();
    expect(results).toEqual([{ actor_type: "api_key", actor_label: "Tag manager sync" }]);
  });
});
