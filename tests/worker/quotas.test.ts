import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUOTA_MESSAGES } from "../../contract/messages";
import { WORKSPACE_QUOTAS, WRITE_RETRY_AFTER_SECONDS, WRITES_PER_MINUTE } from "../../contract/quotas";
import { uniqueDomain } from "./domain-helpers";
import {
  type Client,
  createApiKey,
  createTest,
  createWorkspace,
  errorOf,
  inFreshRateLimitWindow,
  insertDomain,
  signedUpClient,
  uniqueEmail,
  verifiedClient,
} from "./helpers";
import { receiverUrl } from "./webhook-receiver";

/**
 * Copies one stored row `copies` times, as if it had been made that often (the API that makes them is
 * tested on its own): each copy gets a new id, and the unique columns named get a suffix.
 */
async function copyRow(table: string, id: string, copies: number, uniqueColumns: string[] = []) {
  const { results } = await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>();
  const columns = results.map((column) => column.name);
  const values = columns.map((name) =>
    name === "id" || uniqueColumns.includes(name) ? `${name} || '-copy-' || n.i` : name,
  );
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM ${table}, n WHERE ${table}.id = ?1`,
  )
    .bind(id, copies)
    .run();
}

async function expectQuotaReached(response: Response, kind: keyof typeof WORKSPACE_QUOTAS) {
  expect(response.status).toBe(409);
  const limit = WORKSPACE_QUOTAS[kind];
  expect(await errorOf(response)).toMatchObject({
    code: "quota_reached",
    message: QUOTA_MESSAGES[kind](limit),
    limit,
  });
}

const addWebhook = (client: Client) =>
  client.json("POST", "/api/webhooks", { url: receiverUrl(), events: ["test.verdict"] });

describe("workspace quotas", () => {
  it("allows 1,000 tests that are not deleted; a deleted test makes room again", async () => {
    const { client } = await signedUpClient();
    const first = await createTest(client);
    await copyRow("split_tests", first.id, WORKSPACE_QUOTAS.tests - 1, ["slug"]);
    const refused = await client.json("POST", "/api/tests", {
      name: "One too many",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
    });
    await expectQuotaReached(refused, "tests");
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect((await client.json("DELETE", `/api/tests/${first.id}`)).status).toBe(200);
    await createTest(client);
  });

  it("allows 50 custom domains per workspace", async () => {
    const { client, userId } = await verifiedClient();
    const domainId = await insertDomain(userId, uniqueDomain(), "new");
    await copyRow("custom_domains", domainId, WORKSPACE_QUOTAS.domains - 2, ["domain"]);
    expect((await client.json("POST", "/api/domains", { domain: uniqueDomain() })).status).toBe(201);
    await expectQuotaReached(
      await client.json("POST", "/api/domains", { domain: uniqueDomain() }),
      "domains",
    );
  });

  it("allows 50 webhook endpoints per workspace", async () => {
    const { client } = await signedUpClient();
    const first = await addWebhook(client);
    expect(first.status).toBe(201);
    const { webhook } = (await first.json()) as { webhook: { id: string } };
    await copyRow("webhook_endpoints", webhook.id, WORKSPACE_QUOTAS.webhooks - 1);
    await expectQuotaReached(await addWebhook(client), "webhooks");
  });

  it("allows 50 API keys per workspace, counted in the workspace whoever made them", async () => {
    const owner = await verifiedClient();
    const team = await createWorkspace(owner.client);
    const inTeam = { "SplitLink-Workspace": team };
    const first = await owner.client.json("POST", "/api/keys", { name: "first" }, inTeam);
    expect(first.status).toBe(201);
    const { apiKey } = (await first.json()) as { apiKey: { id: string } };
    await copyRow("api_keys", apiKey.id, WORKSPACE_QUOTAS.apiKeys - 1, ["key_hash"]);
    await expectQuotaReached(
      await owner.client.json("POST", "/api/keys", { name: "one too many" }, inTeam),
      "apiKeys",
    );
    // The owner's personal workspace has its own quota.
    await createApiKey(owner.client, "personal");
  });

  it("allows 100 pending invitations per workspace", async () => {
    const owner = await verifiedClient();
    const team = await createWorkspace(owner.client);
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: WORKSPACE_QUOTAS.pendingInvitations }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO invitations (id, workspace_id, email, role, token_hash, created_at, expires_at) VALUES (?, ?, ?, 'viewer', ?, ?, ?)",
        ).bind(crypto.randomUUID(), team, `bulk-${i}@example.com`, crypto.randomUUID(), now, now + 60_000),
      ),
    );
    const refused = await owner.client.json("POST", `/api/workspaces/${team}/invitations`, {
      email: uniqueEmail(),
      role: "viewer",
    });
    await expectQuotaReached(refused, "pendingInvitations");
  });
});

describe("the write limit", () => {
  it(`refuses a user's write ${WRITES_PER_MINUTE + 1} in a minute with 429 and Retry-After; reads and other users go on`, async () => {
    const [heavy, other] = [await signedUpClient(), await signedUpClient()];
    await inFreshRateLimitWindow(60, 30_000);
    // Writes refused by validation count too: the limit is on requests, before any work.
    const write = (client: Client) => client.json("POST", "/api/tests", { name: "" });
    for (let sent = 0; sent < WRITES_PER_MINUTE; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => write(heavy.client)));
      expect(batch.map((response) => response.status)).toEqual(Array(20).fill(400));
    }
    const refused = await write(heavy.client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(WRITE_RETRY_AFTER_SECONDS));
    expect(await errorOf(refused)).toMatchObject({
      code: "rate_limited",
      message: QUOTA_MESSAGES.writesRateLimited(WRITES_PER_MINUTE),
    });
    expect((await heavy.client.fetch("/api/tests")).status).toBe(200);
    expect((await write(other.client)).status).toBe(400);
    // Up to 30 s waiting for a fresh minute, then 122 requests: more than the default 20 s.
  }, 90_000);
});
