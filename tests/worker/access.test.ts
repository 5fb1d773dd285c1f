import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { API_KEY_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import app from "../../worker/app";
import { ACCESS_MATRIX, type Call, MATRIX_ORDER, PUBLIC_ROUTES, type RouteAccess } from "./access-matrix";
import {
  Client,
  errorOf,
  eventually,
  inFreshRateLimitWindow,
  insertDomain,
  ORIGIN,
  publicApi,
  uniqueEmail,
  uniqueIp,
} from "./helpers";
import { mailsTo } from "./mail-helpers";
import { landClick } from "./queue-helpers";
import { fixturePool, seedApiKey, seedMembership, seedTest, seedUser, seedWorkspace } from "./seed";
import { receiverUrl, slackWebhookUrl } from "./webhook-receiver";

function methodOf(route: string): string {
  return route.split(" ")[0] ?? "GET";
}

/** Who calls: session cookies for the app's routes, a bearer key for the public API. */
interface Caller {
  client: Client;
  key: string | null;
}

const anonymous = (): Caller => ({ client: new Client(), key: null });

/**
 * A user with a test, a shop test (two clicked sessions, one converted through the public API), an
 * active custom domain and an API key, and a second user with a key of their own, who has probed that
 * conversion. Seeded where how it came to be is tested elsewhere (sign-up, keys, tests, a membership);
 * made through the API where it is what the rows read (the webhook's delivery of a conversion, the
 * Slack connection, the invitations and their emails).
 */
async function fixture() {
  const owner = await seedUser();
  const other = await seedUser();
  const domain = `m-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`;
  const domainId = await insertDomain(owner.userId, domain);
  const workspaceId = await seedWorkspace(owner.userId);
  const test = await seedTest(owner);
  const ownerKey = await seedApiKey(owner.userId);
  const otherKey = await seedApiKey(other.userId);
  const webhook = await owner.client.json("POST", "/api/webhooks", {
    url: receiverUrl(),
    events: ["conversion.recorded"],
  });
  const webhookId = ((await webhook.json()) as { webhook: { id: string } }).webhook.id;
  const template = await owner.client.json("POST", "/api/utm-templates", {
    name: "Spring",
    source: "newsletter",
  });
  const utmTemplateId = ((await template.json()) as { template: { id: string } }).template.id;
  const slack = await owner.client.json("PUT", "/api/integrations/slack", { webhookUrl: slackWebhookUrl() });
  if (slack.status !== 200) throw new Error(`Slack failed: ${slack.status} ${await slack.text()}`);
  const shop = await seedTest(owner, { name: "Shop" });
  const clicked = await landClick(shop.id);
  const converted = await landClick(shop.id);
  const sessions = { shopTestId: shop.id, convertedSessionId: converted.sessionId };
  const order = await publicApi(ownerKey.key, "POST", "/conversions", MATRIX_ORDER.body(sessions), {
    "Idempotency-Key": MATRIX_ORDER.key,
  });
  if (order.status !== 201) throw new Error(`conversion failed: ${order.status} ${await order.text()}`);
  const conversionId = ((await order.json()) as { conversion: { id: string } }).conversion.id;
  // The order's conversion.recorded delivery lands before any row compares the owner's state.
  await eventually(() =>
    env.DB.prepare("SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ?").bind(webhookId).first(),
  );
  const probe = await publicApi(otherKey.key, "POST", "/conversions", MATRIX_ORDER.body(sessions), {
    "Idempotency-Key": MATRIX_ORDER.key,
  });
  await probe.body?.cancel();
  const members = await workspaceFixture(owner, other, workspaceId);
  return {
    owner: { ...owner, key: ownerKey.key },
    other: { ...other, key: otherKey.key },
    fixture: {
      workspaceId,
      ownerEmail: owner.email,
      apiKeyId: ownerKey.id,
      testId: test.id,
      slug: test.slug,
      domainId,
      domain,
      webhookId,
      utmTemplateId,
      shopTestId: shop.id,
      clickedSessionId: clicked.sessionId,
      convertedSessionId: converted.sessionId,
      conversionId,
      ...members,
    },
  };
}

type OwnerFixture = Awaited<ReturnType<typeof fixture>>;

/**
 * The owner's workspace with a second owner and a pending invitation, and the other user's invitation
 * of the owner into theirs (whose link only the owner may use).
 */
async function workspaceFixture(
  owner: { client: Client; email: string; userId: string },
  other: { client: Client; userId: string },
  workspaceId: string,
) {
  const invite = (client: Client, workspaceId: string, email: string, role: string) =>
    client.json("POST", `/api/workspaces/${workspaceId}/invitations`, { email, role }).then(async (r) => {
      if (r.status !== 201) throw new Error(`invite failed: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { invitation: { id: string } }).invitation.id;
    });
  // A second owner, as their accepted invitation leaves them: the owner's account may still be deleted
  // (it is not the workspace's last owner).
  const member = await seedUser({ verified: false });
  await seedMembership(workspaceId, member.userId, "owner");
  const invitationId = await invite(owner.client, workspaceId, uniqueEmail(), "viewer");
  // Into a team of the other user's, so their personal workspace's log holds nothing of the owner's.
  const othersTeamId = await seedWorkspace(other.userId, "Other team");
  await invite(other.client, othersTeamId, owner.email, "viewer");
  const ownerMail = await eventually(async () =>
    (await mailsTo(owner.email)).find((mail) => mail.text.includes("/invitations/")),
  );
  const invitationToken = ownerMail.text.match(/\/invitations\/([\w-]{43})/)?.[1] ?? "";
  return { memberUserId: member.userId, invitationId, invitationToken };
}

function send(caller: Caller, row: RouteAccess, call: Call) {
  if (row.auth === "apiKey")
    return publicApi(
      caller.key,
      methodOf(row.route),
      call.path.replace(/^\/api\/v1/, ""),
      call.body,
      call.headers,
    );
  return caller.client.json(methodOf(row.route), call.path, call.body);
}

/** All the owner's rows a request could change. */
async function ownerState(userId: string) {
  const tests = await env.DB.prepare(
    "SELECT id, name, status, winner_variant, custom_domain_id FROM split_tests WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all();
  const domains = await env.DB.prepare(
    "SELECT id, domain, status, cf_hostname_id FROM custom_domains WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all();
  const account = await env.DB.prepare("SELECT id, email, password_hash FROM users WHERE id = ?")
    .bind(userId)
    .all();
  const keys = await env.DB.prepare("SELECT id, name FROM api_keys WHERE user_id = ? ORDER BY id")
    .bind(userId)
    .all();
  const conversions = await env.DB.prepare(
    "SELECT c.id, c.session_id, c.variant, c.amount, c.currency, c.timestamp FROM conversions AS c JOIN split_tests AS t ON t.id = c.split_test_id WHERE t.user_id = ? ORDER BY c.id",
  )
    .bind(userId)
    .all();
  const webhooks = await env.DB.prepare(
    "SELECT w.id, w.url, w.status, count(d.id) AS deliveries FROM webhook_endpoints AS w LEFT JOIN webhook_deliveries AS d ON d.endpoint_id = w.id WHERE w.user_id = ? GROUP BY w.id ORDER BY w.id",
  )
    .bind(userId)
    .all();
  const slack = await env.DB.prepare(
    "SELECT id, webhook_url, status FROM slack_connections WHERE workspace_id = ?",
  )
    .bind(userId)
    .all();
  return {
    slack: slack.results,
    tests: tests.results,
    domains: domains.results,
    account: account.results,
    keys: keys.results,
    conversions: conversions.results,
    webhooks: webhooks.results,
  };
}

const isRead = (row: RouteAccess) => methodOf(row.route) === "GET";

// A row that only reads, and a cross-site post that must be refused, share one owner's fixture: they
// change nothing (which each asserts). A row whose owner's call changes something takes a fresh one.
let shared: OwnerFixture;
beforeAll(async () => {
  shared = await fixture();
}, 60_000);
const fresh = fixturePool(fixture, ACCESS_MATRIX.filter((row) => !isRead(row)).length);

describe("the access matrix of the API", () => {
  it("lists every /api route of the app, in the matrix or as public", () => {
    const registered = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = [...ACCESS_MATRIX.map((row) => row.route), ...Object.keys(PUBLIC_ROUTES)];
    expect([...registered].filter((route) => !listed.includes(route))).toEqual([]);
    // And no row names a route that no longer exists.
    expect(listed.filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(ACCESS_MATRIX.map((row) => [row.case ? `${row.route} (${row.case})` : row.route, row] as const))(
    "%s: anonymous 401, another user gets nothing of the owner's, the owner succeeds",
    async (_, row) => {
      const { owner, other, fixture: f } = isRead(row) ? shared : await fresh.take();
      const call = row.call(f, "other");

      const stranger = await send(anonymous(), row, call);
      expect(stranger.status).toBe(401);
      expect(await errorOf(stranger)).toMatchObject(
        row.auth === "apiKey"
          ? { code: "api_key_missing", message: API_KEY_MESSAGES.missing }
          : { code: "session_missing", message: AUTH_MESSAGES.sessionMissing },
      );

      const before = await ownerState(owner.userId);
      const intruder = await send(other, row, call);
      const text = await intruder.text();
      if (row.otherUser === 404) {
        expect(intruder.status).toBe(404);
        expect(Object.keys(JSON.parse(text))).toEqual(["error"]);
        expect(JSON.parse(text).error).toMatchObject({ code: "not_found" });
        expect(text).not.toContain(f.conversionId);
      } else {
        expect(intruder.status).toBeLessThan(500);
        // Nothing of the owner's shows in the other user's answer.
        for (const secret of [owner.email, f.testId, f.slug, f.domainId, f.shopTestId, f.conversionId])
          expect(text).not.toContain(secret);
      }
      expect(await ownerState(owner.userId)).toEqual(before);

      const allowed = await send(owner, row, row.call(f, "owner"));
      expect(allowed.status).toBe(row.owner);
    },
  );

  it.each(Object.keys(PUBLIC_ROUTES))("%s answers anonymous callers without a 5xx", async (route) => {
    const method = methodOf(route);
    const response = await new Client().json(
      method,
      route.split(" ")[1] ?? "/",
      method === "GET" ? undefined : {},
    );
    expect(response.status).toBeLessThan(500);
  });
});

describe("cross-site requests", () => {
  // Bearer routes carry no cookies, so another site has nothing to ride on.
  const mutating = ACCESS_MATRIX.filter((row) => methodOf(row.route) !== "GET" && row.auth !== "apiKey");

  it.each(mutating.map((row) => [row.route, row] as const))(
    "%s refuses a cross-site form post with the owner's cookies, changing nothing",
    async (_, row) => {
      const { owner, fixture: f } = shared;
      const call = row.call(f, "owner");
      const before = await ownerState(owner.userId);
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
        const response = await owner.client.fetch(call.path, {
          method: methodOf(row.route),
          headers: { "content-type": contentType, origin: "https://evil.example" },
          body: JSON.stringify(call.body ?? {}),
        });
        expect(response.status, contentType).toBe(403);
      }
      expect(await ownerState(owner.userId)).toEqual(before);
    },
  );

  it("does not allow other sites to read or send JSON to the API (no CORS)", async () => {
    const { client } = await seedUser();
    const preflight = await client.fetch("/api/tests", {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const read = await client.fetch("/api/tests", { headers: { origin: "https://evil.example" } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("passwords", () => {
  it("never appear in any log line: sign-up, login, failed login, refused and rate-limited attempts", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const logged: string[] = [];
    const capture =
      (level: string) =>
      (...args: unknown[]) => {
        logged.push(`${level} ${args.map(describeForLog).join(" ")}`);
      };
    for (const level of ["log", "info", "warn", "debug", "trace"] as const)
      vi.spyOn(console, level).mockImplementation(capture(level));
    const errors = vi.spyOn(console, "error");

    const secret = `Unlogged-${crypto.randomUUID()}`;
    const weak = crypto.randomUUID().slice(0, 7);
    const email = uniqueEmail("logs");
    const client = new Client(uniqueIp());
    const attempts: [string, unknown][] = [
      ["/api/auth/signup", { email, password: secret }],
      ["/api/auth/signup", { email, password: secret }], // email taken: answered as a new one
      ["/api/auth/signup", { email: uniqueEmail(), password: weak }],
      ["/api/auth/signup", { email: "not-an-email", password: secret }],
      ["/api/auth/login", { email, password: secret }],
      ["/api/auth/login", { email, password: `${secret}-wrong` }],
      ["/api/auth/login", { email: uniqueEmail(), password: secret }],
      ["/api/auth/login", { email, password: secret.repeat(20) }], // too long
    ];
    const statuses: number[] = [];
    for (const [path, body] of attempts) statuses.push((await client.json("POST", path, body)).status);
    await client.fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: `{"email":"${email}","password":"${secret}"`,
    });
    for (let i = 0; i < 22; i++)
      statuses.push((await client.json("POST", "/api/auth/login", { email, password: secret })).status);
    // Real traffic: the account was made, signed in, refused and finally rate limited.
    expect(statuses.slice(0, 8)).toEqual([202, 202, 422, 400, 200, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);

    const everything = [...logged, ...errors.mock.calls.map((args) => args.map(describeForLog).join(" "))];
    for (const line of everything) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(weak);
    }
    expect(errors).not.toHaveBeenCalled();
  });
});

function describeForLog(value: unknown): string {
  if (value instanceof Error)
    return `${value.name}: ${value.message}\n${value.stack ?? ""}\n${String(value.cause)}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
