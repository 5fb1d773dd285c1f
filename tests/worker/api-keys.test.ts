import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiKey, ApiKeyListResponse } from "../../contract/api";
import { API_KEY_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { Client, createApiKey, errorOf, eventually, publicApi, signedUpClient } from "./helpers";

async function keysOf(client: Client): Promise<ApiKey[]> {
  const response = await client.json("GET", "/api/keys");
  expect(response.status).toBe(200);
  return ((await response.json()) as ApiKeyListResponse).keys;
}

describe("API keys", () => {
  it("shows a new key once, prefixed, and lists it by name and prefix only", async () => {
    const { client } = await signedUpClient();
    const response = await client.json("POST", "/api/keys", { name: "  Zapier  " });
    expect(response.status).toBe(201);
    const { apiKey, key } = (await response.json()) as { apiKey: ApiKey; key: string };
    expect(key).toMatch(/^sl_live_[A-Za-z0-9]{40}$/);
    expect(apiKey).toMatchObject({ name: "Zapier", prefix: key.slice(0, 12), lastUsedAt: null });
    expect(apiKey.createdAt).toBeTypeOf("number");

    const listed = await client.fetch("/api/keys");
    const text = await listed.text();
    expect(text).not.toContain(key);
    expect((JSON.parse(text) as ApiKeyListResponse).keys).toEqual([apiKey]);
  });

  it("stores only a SHA-256 hash of the key, never the key", async () => {
    const { client } = await signedUpClient();
    const { id, key } = await createApiKey(client);
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(id)
      .first<Record<string, unknown>>();
    expect(Object.values(row ?? {})).not.toContain(key);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
    const base64Url = btoa(String.fromCharCode(...digest))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    expect(row?.key_hash).toBe(base64Url);
  });

  it("makes a different key every time", async () => {
    const { client } = await signedUpClient();
    const keys = await Promise.all([1, 2, 3].map(() => createApiKey(client)));
    expect(new Set(keys.map((k) => k.key)).size).toBe(3);
  });

  it.each([
    ["no name", {}, API_KEY_MESSAGES.nameRequired],
    ["a blank name", { name: "   " }, API_KEY_MESSAGES.nameRequired],
    ["a name of 101 characters", { name: "k".repeat(101) }, API_KEY_MESSAGES.nameTooLong],
  ])("refuses %s", async (_, body, message) => {
    const { client } = await signedUpClient();
    const response = await client.json("POST", "/api/keys", body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "invalid_input", message });
  });

  it("lists and revokes only the user's own keys", async () => {
    const owner = await signedUpClient();
    const other = await signedUpClient();
    const { id } = await createApiKey(owner.client);
    expect(await keysOf(other.client)).toEqual([]);
    const foreign = await other.client.json("DELETE", `/api/keys/${id}`);
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toMatchObject({ code: "not_found", message: API_KEY_MESSAGES.notFound });
    expect(await keysOf(owner.client)).toHaveLength(1);
  });

  it("a revoked key no longer authenticates and leaves the list", async () => {
    const { client } = await signedUpClient();
    const { id, key } = await createApiKey(client);
    expect((await publicApi(key, "GET", "/tests")).status).toBe(200);
    expect((await client.json("DELETE", `/api/keys/${id}`)).status).toBe(200);
    const response = await publicApi(key, "GET", "/tests");
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({
      code: "api_key_invalid",
      message: API_KEY_MESSAGES.invalid,
    });
    expect(await keysOf(client)).toEqual([]);
  });

  it("records when a key was last used, at most once a minute", async () => {
    const { client } = await signedUpClient();
    const { id, key } = await createApiKey(client);
    const before = Date.now();
    await publicApi(key, "GET", "/domains");
    const first = await eventually(async () => (await keysOf(client)).find((k) => k.id === id)?.lastUsedAt);
    expect(first).toBeGreaterThanOrEqual(before);
    await publicApi(key, "GET", "/domains");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await keysOf(client))[0]?.lastUsedAt).toBe(first);

    // A use more than a minute after the last recorded one is recorded.
    await env.DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE id = ?")
      .bind(first - 61_000, id)
      .run();
    await publicApi(key, "GET", "/domains");
    const second = await eventually(async () => {
      const at = (await keysOf(client))[0]?.lastUsedAt ?? 0;
      return at > first - 61_000 ? at : null;
    });
    expect(second).toBeGreaterThanOrEqual(first);
  });

  it("are managed only by signed-in users", async () => {
    const anonymous = new Client();
    for (const [method, path] of [
      ["GET", "/api/keys"],
      ["POST", "/api/keys"],
      ["DELETE", "/api/keys/some-id"],
    ] as const) {
      const response = await anonymous.json(method, path, method === "POST" ? { name: "x" } : undefined);
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({ message: AUTH_MESSAGES.sessionMissing });
    }
  });

  it("cannot be created by a form on another site (the cookie API keeps its Origin check)", async () => {
    const { client } = await signedUpClient();
    const response = await client.fetch("/api/keys", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "name=stolen",
    });
    expect(response.status).toBe(403);
    expect(await keysOf(client)).toEqual([]);
  });

  it("an API key does not open the app's own API", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const response = await new Client().fetch("/api/keys", { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(401);
  });
});
