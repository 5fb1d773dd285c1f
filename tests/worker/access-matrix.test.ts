import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_MESSAGES, AUTH_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import app from "../../worker/app";
import {
  ACCESS_MATRIX,
  type Call,
  type Fixture,
  MATRIX_ORDER,
  PUBLIC_ROUTES,
  type RouteAccess,
} from "./access-matrix";
import { Client, errorOf, eventually, insertDomain, publicApi } from "./helpers";
import { landClick } from "./queue-helpers";
import { fixturePool, seedApiKey, seedMembership, seedTeam, seedTest, seedUser } from "./seed";
import { receiverUrl, slackWebhookUrl } from "./webhook-receiver";

// Every route of the access matrix, in a team workspace, for each kind of caller: its owner, an editor,
// a viewer, a member of another workspace who names this one, anonymous; and on the public API the
// owner's and the editor's write keys, a read key, and another workspace's key.

const methodOf = (route: string) => route.split(" ")[0] ?? "GET";
const isRead = (row: RouteAccess) => methodOf(row.route) === "GET";
const label = (row: RouteAccess) => (row.case ? `${row.route} (${row.case})` : row.route);

interface Caller {
  client: Client;
  key: string | null;
}

/**
 * A team workspace with everything of access.test.ts's fixture in it, and its members: seeded where
 * how it came to be is tested elsewhere (sign-up, invitations, keys, tests), made through the API where
 * it is what the rows read (the webhook's delivery of a conversion, the Slack connection).
 */
async function teamFixture() {
  const { owner, editor, viewer, stranger, workspaceId } = await seedTeam();
  // Another workspace's member, naming this one in the header.
  stranger.client.workspace = workspaceId;

  const domain = `w-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`;
  const domainId = await insertDomain(owner.userId, domain, "active", workspaceId);
  const test = await seedTest(owner, { workspaceId });
  const ownerKey = await seedApiKey(owner.userId, { workspaceId });
  const editorKey = await seedApiKey(editor.userId, { workspaceId, name: "Editor's" });
  const readKey = await seedApiKey(owner.userId, { workspaceId, name: "Dashboards", scope: "read" });
  // The stranger's key is of their own (personal) workspace.
  const strangerKey = await seedApiKey(stranger.userId);
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
  const shop = await seedTest(owner, { workspaceId, name: "Shop" });
  const clicked = await landClick(shop.id);
  const converted = await landClick(shop.id);
  const sessions = { shopTestId: shop.id, convertedSessionId: converted.sessionId };
  const order = await publicApi(ownerKey.key, "POST", "/conversions", MATRIX_ORDER.body(sessions), {
    "Idempotency-Key": MATRIX_ORDER.key,
  });
  if (order.status !== 201) throw new Error(`conversion failed: ${order.status} ${await order.text()}`);
  const conversionId = ((await order.json()) as { conversion: { id: string } }).conversion.id;
  await eventually(() =>
    env.DB.prepare("SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ?").bind(webhookId).first(),
  );
  // A member the rows change or remove: neither the editor nor the viewer, who leave by removing themselves.
  const member = await seedUser();
  await seedMembership(workspaceId, member.userId, "viewer");
  const invitation = await owner.client.json("POST", `/api/workspaces/${workspaceId}/invitations`, {
    email: `team-${crypto.randomUUID()}@example.com`,
    role: "viewer",
  });
  if (invitation.status !== 201) throw new Error(`invite failed: ${invitation.status}`);
  const invitationId = ((await invitation.json()) as { invitation: { id: string } }).invitation.id;
  const fixture: Fixture = {
    workspaceId,
    memberUserId: member.userId,
    invitationId,
    // The invitee's rows (scope "user") are in access.test.ts, not here.
    invitationToken: "",
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
  };
  return {
    fixture,
    owner: { client: owner.client, key: ownerKey.key },
    editor: { client: editor.client, key: editorKey.key },
    viewer: { client: viewer.client, key: readKey.key },
    stranger: { client: stranger.client, key: strangerKey.key },
  };
}

type Team = Awaited<ReturnType<typeof teamFixture>>;

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

/** Everything of the workspace a request could change. */
async function workspaceState(workspaceId: string) {
  const all = async (sql: string) => (await env.DB.prepare(sql).bind(workspaceId).all()).results;
  return {
    workspace: await all(
      "SELECT id, name, site_key, ga4_enabled_at, deleted_at FROM workspaces WHERE id = ?",
    ),
    members: await all("SELECT user_id, role FROM memberships WHERE workspace_id = ? ORDER BY user_id"),
    tests: await all(
      "SELECT id, name, status, variants, winner_variant, custom_domain_id, deleted_at FROM split_tests WHERE workspace_id = ? ORDER BY id",
    ),
    domains: await all(
      "SELECT id, domain, status, fallback_url FROM custom_domains WHERE workspace_id = ? ORDER BY id",
    ),
    keys: await all("SELECT id, name, scope FROM api_keys WHERE workspace_id = ? ORDER BY id"),
    conversions: await all(
      "SELECT c.id, c.session_id, c.amount FROM conversions AS c JOIN split_tests AS t ON t.id = c.split_test_id WHERE t.workspace_id = ? ORDER BY c.id",
    ),
    webhooks: await all(
      "SELECT w.id, w.url, count(d.id) AS deliveries FROM webhook_endpoints AS w LEFT JOIN webhook_deliveries AS d ON d.endpoint_id = w.id WHERE w.workspace_id = ? GROUP BY w.id ORDER BY w.id",
    ),
    slack: await all("SELECT id, webhook_url, status FROM slack_connections WHERE workspace_id = ?"),
    utmTemplates: await all("SELECT id, name, source FROM utm_templates WHERE workspace_id = ? ORDER BY id"),
  };
}

/** What a member who is not the owner gets on a row. */
function expectedFor(row: RouteAccess, role: "editor" | "viewer"): number {
  const scope = row.scope ?? "workspace";
  if (scope === "owner") return 403;
  if (scope === "member") return row.owner;
  if (role === "viewer" && !isRead(row)) return 403;
  return role === "editor" ? (row.editor ?? row.owner) : row.owner;
}

describe("the access matrix of a workspace", () => {
  it("has a row for every /api route of the app, or lists it as public", () => {
    const registered = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path}`);
    const listed = new Set([...ACCESS_MATRIX.map((row) => row.route), ...Object.keys(PUBLIC_ROUTES)]);
    expect(registered.filter((route) => !listed.has(route))).toEqual([]);
  });

  const rows = ACCESS_MATRIX.filter((row) => row.scope !== "user");
  // A row that reads, and the read key's test, share one workspace: they change nothing (which each
  // asserts). A row that changes something takes fresh ones: a second where the owner calls after the
  // editor's change may have consumed what the owner's call needs.
  const ownerNeedsFresh = (row: RouteAccess) => !isRead(row) && expectedFor(row, "editor") !== 403;
  const fresh = fixturePool(
    teamFixture,
    rows.reduce((n, row) => n + (isRead(row) ? 0 : ownerNeedsFresh(row) ? 2 : 1), 0),
  );
  let shared: Team;
  beforeAll(async () => {
    shared = await teamFixture();
  }, 60_000);

  it.each(rows.map((row) => [label(row), row] as const))(
    "%s: anonymous 401, a stranger 404, the viewer reads only, editor and owner as the row says",
    async (_, row) => {
      const team = isRead(row) ? shared : await fresh.take();
      const f = team.fixture;
      const call = row.call(f, "owner");

      const anonymous = await send({ client: new Client(), key: null }, row, call);
      expect(anonymous.status).toBe(401);
      expect(await errorOf(anonymous)).toMatchObject(
        row.auth === "apiKey"
          ? { code: "api_key_missing" }
          : { code: "session_missing", message: AUTH_MESSAGES.sessionMissing },
      );

      const before = await workspaceState(f.workspaceId);
      const stranger = await send(team.stranger, row, row.call(f, "other"));
      const strangerText = await stranger.text();
      if (row.auth !== "apiKey" || row.otherUser === 404) {
        // Naming the workspace or one of its things: as if neither existed.
        expect(stranger.status, strangerText).toBe(404);
        expect(JSON.parse(strangerText).error).toMatchObject({ code: "not_found" });
      } else {
        expect(stranger.status).toBeLessThan(500);
        for (const secret of [
          f.testId,
          f.slug,
          f.domainId,
          f.shopTestId,
          f.conversionId,
          f.webhookId,
          f.utmTemplateId,
        ])
          expect(strangerText).not.toContain(secret);
      }
      expect(await workspaceState(f.workspaceId)).toEqual(before);

      const viewer = await send(team.viewer, row, call);
      const viewerExpected = expectedFor(row, "viewer");
      expect(viewer.status, await viewer.clone().text()).toBe(viewerExpected);
      if (viewerExpected === 403) {
        expect(await errorOf(viewer)).toMatchObject({
          code: "forbidden",
          message:
            row.auth === "apiKey"
              ? WORKSPACE_MESSAGES.readKeyCannotChange
              : row.scope === "owner"
                ? WORKSPACE_MESSAGES.ownerOnly
                : WORKSPACE_MESSAGES.viewerCannotChange,
        });
      }
      if (row.scope !== "member") expect(await workspaceState(f.workspaceId)).toEqual(before);

      const editor = await send(team.editor, row, call);
      expect(editor.status, await editor.clone().text()).toBe(expectedFor(row, "editor"));

      // A change may have consumed what the owner's call needs: the owner calls on a fresh workspace.
      const ownerTeam = ownerNeedsFresh(row) ? await fresh.take() : team;
      const owner = await send(ownerTeam.owner, row, row.call(ownerTeam.fixture, "owner"));
      expect(owner.status, await owner.clone().text()).toBe(row.owner);
    },
  );

  it("refuses every change of the public API to a read key with 403, and lets it read", async () => {
    const team = shared;
    const publicRows = ACCESS_MATRIX.filter((row) => row.auth === "apiKey");
    expect(publicRows.filter((row) => !isRead(row)).length).toBeGreaterThan(4);
    const before = await workspaceState(team.fixture.workspaceId);
    for (const row of publicRows) {
      const response = await send(team.viewer, row, row.call(team.fixture, "owner"));
      if (isRead(row)) expect(response.status, row.route).toBe(row.owner);
      else {
        expect(response.status, row.route).toBe(403);
        expect(await errorOf(response)).toMatchObject({ message: WORKSPACE_MESSAGES.readKeyCannotChange });
      }
    }
    expect(await workspaceState(team.fixture.workspaceId)).toEqual(before);
    expect(API_KEY_MESSAGES.missing).toBeTruthy();
  });
});
