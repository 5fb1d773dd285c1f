import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { HistoryEvent, WorkspaceHistoryResponse } from "../../contract/api";
import { maskedWebhookUrl } from "../../contract/api/integrations";
import { BANDIT_UPDATE_MS } from "../../worker/statistics/bandit";
import { runAutopilot } from "./autopilot-helpers";
import { type Client, createApiKey, createTest, publicApi, signedUpClient, verifiedClient } from "./helpers";
import { seedResults } from "./queue-helpers";
import { receiverUrl } from "./webhook-receiver";

const MINUTE = 60_000;

async function historyOf(client: Client, slug: string): Promise<HistoryEvent[]> {
  const response = await client.fetch(`/api/tests/${slug}/history`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: HistoryEvent[] }).events;
}

async function workspaceLog(client: Client, query = ""): Promise<WorkspaceHistoryResponse> {
  const response = await client.fetch(`/api/workspace/history${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as WorkspaceHistoryResponse;
}

describe("a test's history", () => {
  it("records each change with the user who made it, newest first", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client);
    expect((await client.json("POST", `/api/tests/${test.id}/pause`)).status).toBe(200);
    expect((await client.json("POST", `/api/tests/${test.id}/resume`)).status).toBe(200);
    const patched = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 30 },
        { url: "https://shop.example/b", weight: 70 },
      ],
      endAfterVisitors: 5000,
      conversionUrl: "https://shop.example/thanks",
    });
    expect(patched.status).toBe(200);
    expect(
      (
        await client.json("PATCH", `/api/tests/${test.id}`, {
          variants: [
            { url: "https://shop.example/a", weight: 30 },
            { url: "https://shop.example/c", weight: 70, name: "New page" },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "B" })).status).toBe(200);

    const events = await historyOf(client, test.slug);
    expect(events.map((event) => event.action)).toEqual([
      "test.promoted",
      "test.variants_changed",
      "test.goal_changed",
      "test.end_settings_changed",
      "test.weights_changed",
      "test.resumed",
      "test.paused",
      "test.created",
    ]);
    for (const event of events) expect(event.actor).toEqual({ type: "user", email });
    const ids = events.map((event) => event.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const byAction = Object.fromEntries(events.map((event) => [event.action, event.details]));
    expect(byAction["test.created"]).toEqual({ name: "Summer sale" });
    expect(byAction["test.weights_changed"]).toEqual({ before: [50, 50], after: [30, 70] });
    expect(byAction["test.variants_changed"]).toEqual({
      before: [
        { url: "https://shop.example/a", weight: 30 },
        { url: "https://shop.example/b", weight: 70 },
      ],
      after: [
        { url: "https://shop.example/a", weight: 30 },
        { url: "https://shop.example/c", weight: 70, name: "New page" },
      ],
    });
    expect(byAction["test.end_settings_changed"]).toMatchObject({ endAfterVisitors: 5000 });
    expect(byAction["test.goal_changed"]).toMatchObject({
      conversionGoal: "page",
      conversionUrl: "https://shop.example/thanks",
    });
    expect(byAction["test.promoted"]).toEqual({ variant: "B" });
  });

  it("records nothing for a change that was refused", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const invalid = await client.json("PATCH", `/api/tests/${test.id}`, { endAfterVisitors: 3 });
    expect(invalid.status).toBe(400);
    expect((await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "A" })).status).toBe(200);
    // A completed test changes no more.
    expect((await client.json("POST", `/api/tests/${test.id}/pause`)).status).toBe(409);
    expect((await client.json("PATCH", `/api/tests/${test.id}`, { stopEarly: true })).status).toBe(409);
    expect((await historyOf(client, test.slug)).map((event) => event.action)).toEqual([
      "test.promoted",
      "test.created",
    ]);
  });

  it("names the API key that made a change through the public API, and answers there too", async () => {
    const { client, email } = await signedUpClient();
    const { key } = await createApiKey(client, "CI");
    const created = await publicApi(key, "POST", "/tests", {
      name: "From CI",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
    });
    expect(created.status).toBe(201);
    const test = ((await created.json()) as { test: { id: string; slug: string } }).test;
    expect((await publicApi(key, "PATCH", `/tests/${test.id}`, { stopEarly: true })).status).toBe(200);
    expect((await client.json("POST", `/api/tests/${test.id}/pause`)).status).toBe(200);

    const response = await publicApi(key, "GET", `/tests/${test.id}/history`);
    expect(response.status).toBe(200);
    const { events } = (await response.json()) as { events: HistoryEvent[] };
    expect(events.map(({ action, actor }) => ({ action, actor }))).toEqual([
      { action: "test.paused", actor: { type: "user", email } },
      { action: "test.end_settings_changed", actor: { type: "api_key", name: "CI" } },
      { action: "test.created", actor: { type: "api_key", name: "CI" } },
    ]);
    expect(events[0]).toMatchObject({ at: expect.any(Number), details: {} });
  });

  it("records the autopilot's end and its weight moves", async () => {
    const { client } = await signedUpClient();
    const optimised = await createTest(client, {
      urlA: undefined,
      urlB: undefined,
      mode: "optimise",
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50 },
      ],
    });
    await seedResults(optimised.id, [
      { visitors: 1000, conversions: 60 },
      { visitors: 1000, conversions: 120 },
    ]);
    const ending = await createTest(client, { endsAt: new Date(Date.now() + 3_600_000).toISOString() });
    await env.DB.prepare("UPDATE split_tests SET ends_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, ending.id)
      .run();

    const now = Date.now() + BANDIT_UPDATE_MS + MINUTE;
    let moved: number[] | undefined;
    for (let i = 0; i < 20 && !moved; i++)
      moved = (await runAutopilot(env, now)).weights.find(
        (change) => change.testId === optimised.id,
      )?.weights;
    expect(moved).toBeDefined();
    // A second run at the same time moves nothing and records nothing.
    await runAutopilot(env, now);

    const weightEvents = (await historyOf(client, optimised.slug)).filter(
      (event) => event.action === "test.weights_moved",
    );
    expect(weightEvents).toEqual([
      expect.objectContaining({
        actor: { type: "autopilot" },
        details: { before: [50, 50], after: moved },
      }),
    ]);
    const [ended] = await historyOf(client, ending.slug);
    expect(ended).toMatchObject({
      action: "test.ended",
      actor: { type: "autopilot" },
      details: { reason: "date", result: "kept", winner: null },
    });
  });

  it("keeps a deleted test's events in the workspace's log with its name", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { name: "Gone soon" });
    expect((await client.json("DELETE", `/api/tests/${test.id}`)).status).toBe(200);
    expect((await client.fetch(`/api/tests/${test.slug}/history`)).status).toBe(404);
    const { events } = await workspaceLog(client);
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({ action: "test.deleted", testName: "Gone soon", testSlug: null }),
      expect.objectContaining({ action: "test.created", testId: test.id, testName: "Gone soon" }),
    ]);
  });
});

describe("the workspace's log", () => {
  it("records domains, keys and webhooks, never a key or a secret", async () => {
    const { client, email } = await verifiedClient();
    const created = await client.json("POST", "/api/domains", { domain: "go.history-test.example" });
    expect(created.status).toBe(201);
    const domainId = ((await created.json()) as { domain: { id: string } }).domain.id;
    expect(
      (await client.json("PATCH", `/api/domains/${domainId}`, { fallbackUrl: "https://shop.example/" }))
        .status,
    ).toBe(200);
    expect((await client.json("DELETE", `/api/domains/${domainId}`)).status).toBe(200);

    const { id: keyId, key } = await createApiKey(client, "Zapier");
    expect((await client.json("DELETE", `/api/keys/${keyId}`)).status).toBe(200);

    const url = receiverUrl();
    const hook = await client.json("POST", "/api/webhooks", {
      url,
      events: ["test.completed"],
    });
    expect(hook.status).toBe(201);
    const { webhook, secret } = (await hook.json()) as { webhook: { id: string }; secret: string };
    expect((await client.json("DELETE", `/api/webhooks/${webhook.id}`)).status).toBe(200);

    const { events } = await workspaceLog(client);
    expect(events.map(({ action, details }) => ({ action, details }))).toEqual([
      // The URL masked: every member reads the history, and a receiver's URL often carries its token.
      { action: "webhook.deleted", details: { url: maskedWebhookUrl(url) } },
      { action: "webhook.created", details: { url: maskedWebhookUrl(url), events: ["test.completed"] } },
      { action: "api_key.revoked", details: { name: "Zapier" } },
      { action: "api_key.created", details: { name: "Zapier" } },
      { action: "domain.removed", details: { domain: "go.history-test.example" } },
      {
        action: "domain.fallback_changed",
        details: { domain: "go.history-test.example", fallbackUrl: "https://shop.example/" },
      },
      { action: "domain.added", details: { domain: "go.history-test.example" } },
    ]);
    for (const event of events) expect(event.actor).toEqual({ type: "user", email });
    // No test behind these: the log names none (a key's name is not a test's).
    for (const event of events) expect(event).toMatchObject({ testId: null, testName: null });
    const csv = await (await client.fetch("/api/workspace/history.csv")).text();
    for (const leak of [key, secret]) {
      expect(JSON.stringify(events)).not.toContain(leak);
      expect(csv).not.toContain(leak);
    }
  });

  it("pages newest first", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    for (let i = 0; i < 3; i++) {
      await client.json("POST", `/api/tests/${test.id}/pause`);
      await client.json("POST", `/api/tests/${test.id}/resume`);
    }
    const first = await workspaceLog(client, "?limit=4");
    expect(first.events.map((event) => event.action)).toEqual([
      "test.resumed",
      "test.paused",
      "test.resumed",
      "test.paused",
    ]);
    expect(first.events[0]).toMatchObject({ testId: test.id, testName: "Summer sale", testSlug: test.slug });
    expect(first.nextBefore).toBe(first.events[3]?.id);
    const second = await workspaceLog(client, `?limit=4&before=${first.nextBefore}`);
    expect(second.events.map((event) => event.action)).toEqual([
      "test.resumed",
      "test.paused",
      "test.created",
    ]);
    expect(second.nextBefore).toBeNull();
  });

  it("exports as CSV: a header and one line per event", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, { name: "Pricing, take 2" });
    await client.json("POST", `/api/tests/${test.id}/pause`);
    const response = await client.fetch("/api/workspace/history.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,actor_type,actor,action,test_id,test_name,details");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,user,${email},test.paused,${test.id},"Pricing, take 2",{}`);
    expect(lines[2]).toContain(",test.created,");
  });
});

describe("who may read a history", () => {
  it("a stranger gets 404 for another workspace's test history and never sees its events", async () => {
    const owner = await signedUpClient();
    const test = await createTest(owner.client, { name: "Private" });
    await owner.client.json("POST", `/api/tests/${test.id}/pause`);
    const stranger = await signedUpClient();
    expect((await stranger.client.fetch(`/api/tests/${test.slug}/history`)).status).toBe(404);
    const { key } = await createApiKey(stranger.client);
    expect((await publicApi(key, "GET", `/tests/${test.id}/history`)).status).toBe(404);
    // Naming the owner's workspace is no way in either.
    const named = await stranger.client.fetch("/api/workspace/history", {
      headers: { "SplitLink-Workspace": owner.userId },
    });
    expect(named.status).toBe(404);
    const own = await workspaceLog(stranger.client);
    expect(own.events.every((event) => event.testId !== test.id)).toBe(true);
    expect(JSON.stringify(own.events)).not.toContain("Private");
    const csv = await (await stranger.client.fetch("/api/workspace/history.csv")).text();
    expect(csv).not.toContain(test.id);
  });

  it("anonymous callers get 401", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const anonymous = new (client.constructor as new () => Client)();
    expect((await anonymous.fetch(`/api/tests/${test.slug}/history`)).status).toBe(401);
    expect((await anonymous.fetch("/api/workspace/history")).status).toBe(401);
    expect((await anonymous.fetch("/api/workspace/history.csv")).status).toBe(401);
    expect((await publicApi(null, "GET", `/tests/${test.id}/history`)).status).toBe(401);
  });
});
