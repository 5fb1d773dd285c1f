import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  API_KEY_MESSAGES,
  TEST_MESSAGES,
  WORKSPACE_MESSAGES,
} from "../../contract/messages";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { CRONS } from "../../worker/crons";
import { MAX_OWNED_WORKSPACES } from "../../worker/services/workspaces";
import {
  addMember,
  Client,
  createApiKey,
  createTest,
  createWorkspace,
  errorOf,
  GOOD_PASSWORD,
  publicApi,
  runCron,
  signedUpClient,
} from "./helpers";
import { seedMembership, seedTest, seedUser, seedWorkspace } from "./seed";

interface Listed {
  id: string;
  name: string;
  role: string;
  personal: boolean;
}

async function workspacesOf(client: Client): Promise<Listed[]> {
  const response = await client.fetch("/api/workspaces");
  expect(response.status).toBe(200);
  return ((await response.json()) as { workspaces: Listed[] }).workspaces;
}

async function testSlugs(client: Client, workspace?: string): Promise<string[]> {
  const response = await client.fetch("/api/tests", {
    headers: workspace ? { [WORKSPACE_HEADER]: workspace } : {},
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { tests: { slug: string }[] }).tests.map((t) => t.slug);
}

async function count(sql: string, ...values: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("/api/workspaces", () => {
  it("lists the personal workspace first, then the others by name, each with the user's role", async () => {
    const { client, userId } = await signedUpClient();
    expect(await workspacesOf(client)).toEqual([
      {
        id: userId,
        name: "Personal",
        role: "owner",
        personal: true,
        requireTwoFactor: false,
        currency: null,
      },
    ]);
    const zeta = await createWorkspace(client, "Zeta clients");
    const alpha = await createWorkspace(client, "alpha shop");
    const { client: other, userId: otherId, email: otherEmail } = await signedUpClient();
    const theirs = await createWorkspace(other, "Beta agency");
    await addMember(theirs, userId, "viewer");
    // Someone else's personal workspace is not the user's own, and shows by its owner's email.
    await addMember(otherId, userId, "editor");
    expect(await workspacesOf(client)).toEqual(
      [
        {
          id: userId,
          name: "Personal",
          role: "owner",
          personal: true,
          requireTwoFactor: false,
          currency: null,
        },
        {
          id: alpha,
          name: "alpha shop",
          role: "owner",
          personal: false,
          requireTwoFactor: false,
          currency: null,
        },
        {
          id: theirs,
          name: "Beta agency",
          role: "viewer",
          personal: false,
          requireTwoFactor: false,
          currency: null,
        },
        {
          id: otherId,
          name: otherEmail,
          role: "editor",
          personal: false,
          requireTwoFactor: false,
          currency: null,
        },
        {
          id: zeta,
          name: "Zeta clients",
          role: "owner",
          personal: false,
          requireTwoFactor: false,
          currency: null,
        },
      ].sort((x, y) =>
        x.personal === y.personal
          ? x.name.toLowerCase().localeCompare(y.name.toLowerCase())
          : x.personal
            ? -1
            : 1,
      ),
    );
    // Nothing of the user's shows in the other's list.
    expect((await workspacesOf(other)).map((w) => w.id)).toEqual([otherId, theirs]);
    expect((await new Client().fetch("/api/workspaces")).status).toBe(401);
  });

  it("creates a workspace with a name, and refuses a missing one next to the field", async () => {
    const { client } = await signedUpClient();
    const created = await client.json("POST", "/api/workspaces", { name: "  Client A  " });
    expect(created.status).toBe(201);
    const { workspace } = (await created.json()) as { workspace: Listed };
    expect(workspace).toMatchObject({
      name: "Client A",
      role: "owner",
      personal: false,
      requireTwoFactor: false,
    });
    const empty = await client.json("POST", "/api/workspaces", { name: " " });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await errorOf(empty))).toContain(WORKSPACE_MESSAGES.nameRequired);
  });

  it(`lets a user own at most ${MAX_OWNED_WORKSPACES} workspaces, the personal one included`, async () => {
    const { client } = await signedUpClient();
    for (let i = 1; i < MAX_OWNED_WORKSPACES; i++) await createWorkspace(client, `Team ${i}`);
    const refused = await client.json("POST", "/api/workspaces", { name: "One too many" });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "too_many_workspaces",
      message: WORKSPACE_MESSAGES.tooMany(MAX_OWNED_WORKSPACES),
    });
    expect(await workspacesOf(client)).toHaveLength(MAX_OWNED_WORKSPACES);
  });

  it("works in the workspace the header names: a test made there is not in the personal workspace", async () => {
    const { client } = await signedUpClient();
    const team = await createWorkspace(client);
    const personal = await createTest(client, { name: "Mine" });
    client.workspace = team;
    const shared = await createTest(client, { name: "The team's" });
    client.workspace = null;
    expect(await testSlugs(client)).toEqual([personal.slug]);
    expect(await testSlugs(client, team)).toEqual([shared.slug]);
    expect((await client.fetch(`/api/tests/${shared.slug}`)).status).toBe(404);
    const there = await client.fetch(`/api/tests/${shared.slug}`, { headers: { [WORKSPACE_HEADER]: team } });
    expect(there.status).toBe(200);
    // The row belongs to the workspace, and its creator is the user.
    const row = await env.DB.prepare("SELECT workspace_id, user_id FROM split_tests WHERE id = ?")
      .bind(shared.id)
      .first();
    expect(row?.workspace_id).toBe(team);
  });

  it("lets a download link name its workspace in the query, for reads only; a stranger's is not found", async () => {
    const { client } = await signedUpClient();
    const team = await createWorkspace(client);
    client.workspace = team;
    const test = await createTest(client, { name: "The team's" });
    client.workspace = null;
    const csv = `/api/tests/${test.id}/export/daily.csv`;
    expect((await client.fetch(csv)).status).toBe(404);
    const download = await client.fetch(`${csv}?workspace=${team}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("text/csv");
    // A change is never chosen by the query: it works in the personal workspace, where the test is not.
    expect((await client.json("POST", `/api/tests/${test.id}/pause?workspace=${team}`)).status).toBe(404);
    const { client: stranger } = await signedUpClient();
    expect((await stranger.fetch(`${csv}?workspace=${team}`)).status).toBe(404);
  });

  it("answers 404 to a stranger naming the workspace, and 403 to a viewer's change", async () => {
    const { client: owner } = await signedUpClient();
    const team = await createWorkspace(owner);
    owner.workspace = team;
    const test = await createTest(owner);
    const { client: stranger } = await signedUpClient();
    stranger.workspace = team;
    const read = await stranger.fetch("/api/tests");
    expect(read.status).toBe(404);
    expect(await errorOf(read)).toMatchObject({ code: "not_found", message: WORKSPACE_MESSAGES.notFound });
    const { client: viewer, userId: viewerId } = await signedUpClient();
    await addMember(team, viewerId, "viewer");
    viewer.workspace = team;
    expect(await testSlugs(viewer, team)).toEqual([test.slug]);
    const pause = await viewer.json("POST", `/api/tests/${test.id}/pause`);
    expect(pause.status).toBe(403);
    expect(await errorOf(pause)).toMatchObject({
      code: "forbidden",
      message: WORKSPACE_MESSAGES.viewerCannotChange,
    });
    // Removed: gone at once.
    await env.DB.prepare("DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?")
      .bind(team, viewerId)
      .run();
    expect((await viewer.fetch("/api/tests")).status).toBe(404);
  });

  it("renames: the owner only (a member 403, a stranger 404)", async () => {
    const { client: owner } = await signedUpClient();
    const team = await createWorkspace(owner, "Old name");
    const { client: editor, userId: editorId } = await signedUpClient();
    await addMember(team, editorId, "editor");
    const { client: stranger } = await signedUpClient();
    const byEditor = await editor.json("PATCH", `/api/workspaces/${team}`, { name: "Editor's" });
    expect(byEditor.status).toBe(403);
    expect(await errorOf(byEditor)).toMatchObject({
      code: "forbidden",
      message: WORKSPACE_MESSAGES.ownerOnly,
    });
    expect((await stranger.json("PATCH", `/api/workspaces/${team}`, { name: "Mine" })).status).toBe(404);
    const renamed = await owner.json("PATCH", `/api/workspaces/${team}`, { name: "New name" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      workspace: {
        id: team,
        name: "New name",
        role: "owner",
        personal: false,
        requireTwoFactor: false,
        currency: null,
      },
    });
    expect((await workspacesOf(editor)).find((w) => w.id === team)?.name).toBe("New name");
  });

  it("refuses to delete a personal workspace to every member, its co-owner too (409), and leaves it whole", async () => {
    const { client: owner, userId } = await signedUpClient();
    const test = await createTest(owner);
    const { client: coOwner, userId: coOwnerId } = await signedUpClient();
    await addMember(userId, coOwnerId, "owner");
    const { client: viewer, userId: viewerId } = await signedUpClient();
    await addMember(userId, viewerId, "viewer");
    for (const caller of [coOwner, viewer, owner]) {
      const refused = await caller.json("DELETE", `/api/workspaces/${userId}`);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toMatchObject({
        code: "personal_workspace",
        message: WORKSPACE_MESSAGES.personalCannotBeDeleted,
      });
    }
    expect((await new Client().fetch(`/r/${test.slug}`, { redirect: "manual" })).status).toBe(302);
    expect((await workspacesOf(owner)).map((w) => w.id)).toContain(userId);
    // A stranger still learns nothing: not found.
    const { client: stranger } = await signedUpClient();
    expect((await stranger.json("DELETE", `/api/workspaces/${userId}`)).status).toBe(404);
  });

  it("deletes a workspace for everyone at once: its links stop, its keys die, the cron purges it", async () => {
    const { client: owner, userId } = await signedUpClient();
    const team = await createWorkspace(owner);
    owner.workspace = team;
    const test = await createTest(owner);
    const key = await createApiKey(owner);
    const { client: editor, userId: editorId } = await signedUpClient();
    await addMember(team, editorId, "editor");
    expect((await new Client().fetch(`/r/${test.slug}`, { redirect: "manual" })).status).toBe(302);

    expect((await editor.json("DELETE", `/api/workspaces/${team}`)).status).toBe(403);
    const personal = await owner.json("DELETE", `/api/workspaces/${userId}`);
    expect(personal.status).toBe(409);
    expect(await errorOf(personal)).toMatchObject({
      code: "personal_workspace",
      message: WORKSPACE_MESSAGES.personalCannotBeDeleted,
    });

    const deleted = await owner.json("DELETE", `/api/workspaces/${team}`);
    expect(deleted.status).toBe(200);
    expect((await new Client().fetch(`/r/${test.slug}`, { redirect: "manual" })).status).toBe(404);
    expect((await publicApi(key.key, "GET", "/tests")).status).toBe(401);
    expect((await owner.fetch("/api/tests")).status).toBe(404);
    editor.workspace = team;
    expect((await editor.fetch("/api/tests")).status).toBe(404);
    expect((await workspacesOf(editor)).map((w) => w.id)).toEqual([editorId]);
    owner.workspace = null;
    expect((await workspacesOf(owner)).map((w) => w.id)).toEqual([userId]);

    await runCron(CRONS.archive);
    expect(await count("SELECT count(*) AS n FROM split_tests WHERE id = ?", test.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM workspaces WHERE id = ?", team)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE workspace_id = ?", team)).toBe(0);
  });

  it("serves each workspace's own site tag, its tests' goals only", async () => {
    const { client } = await signedUpClient();
    const team = await createWorkspace(client);
    const mine = await createTest(client, { conversionGoal: "call" });
    client.workspace = team;
    const theirs = await createTest(client, { conversionGoal: "call" });
    const teamTag = (await (await client.fetch("/api/account/site-tag")).json()) as { siteKey: string };
    const sameTag = await client.fetch(`/api/workspaces/${team}/site-tag`);
    expect(await sameTag.json()).toEqual(teamTag);
    client.workspace = null;
    const personalTag = (await (await client.fetch("/api/account/site-tag")).json()) as { siteKey: string };
    expect(personalTag.siteKey).not.toBe(teamTag.siteKey);
    const goals = async (siteKey: string) => {
      const response = await new Client().fetch(`/t/goals/${siteKey}`, {
        headers: { origin: "https://shop.example" },
      });
      return ((await response.json()) as { tests: { id: string }[] }).tests.map((t) => t.id);
    };
    expect(await goals(teamTag.siteKey)).toEqual([theirs.id]);
    expect(await goals(personalTag.siteKey)).toEqual([mine.id]);
    const { client: stranger } = await signedUpClient();
    expect((await stranger.fetch(`/api/workspaces/${team}/site-tag`)).status).toBe(404);
  });

  it("keeps each member's alerts per workspace; a viewer chooses their own", async () => {
    const { client: owner } = await signedUpClient();
    const team = await createWorkspace(owner);
    const { client: viewer, userId: viewerId } = await signedUpClient();
    await addMember(team, viewerId, "viewer");
    viewer.workspace = team;
    const off = { verdict: false, completed: true, srm: false };
    const set = await viewer.json("PUT", "/api/account/alerts", off);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ alerts: off });
    expect(await (await viewer.fetch("/api/account/alerts")).json()).toEqual({ alerts: off });
    viewer.workspace = null;
    expect(await (await viewer.fetch("/api/account/alerts")).json()).toEqual({
      alerts: { verdict: true, completed: true, srm: true },
    });
    owner.workspace = team;
    expect(await (await owner.fetch("/api/account/alerts")).json()).toEqual({
      alerts: { verdict: true, completed: true, srm: true },
    });
  });
});

describe("API keys of a workspace", () => {
  it("carry a scope (write when none is given) and work in the workspace they were made in", async () => {
    const { client } = await signedUpClient();
    const team = await createWorkspace(client);
    await createTest(client);
    client.workspace = team;
    const test = await createTest(client);
    const write = await createApiKey(client, "Deploys");
    const read = await createApiKey(client, "Dashboards", "read");
    const listed = (await (await client.fetch("/api/keys")).json()) as {
      keys: { id: string; scope: string }[];
    };
    expect(listed.keys.map((k) => [k.id, k.scope]).sort()).toEqual(
      [
        [write.id, "write"],
        [read.id, "read"],
      ].sort(),
    );
    client.workspace = null;
    expect(((await (await client.fetch("/api/keys")).json()) as { keys: unknown[] }).keys).toEqual([]);
    const tests = (await (await publicApi(read.key, "GET", "/tests")).json()) as { tests: { id: string }[] };
    expect(tests.tests.map((t) => t.id)).toEqual([test.id]);
    const refused = await publicApi(read.key, "POST", `/tests`, {
      name: "x",
      urlA: "https://a.example",
      urlB: "https://b.example",
    });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: "forbidden",
      message: WORKSPACE_MESSAGES.readKeyCannotChange,
    });
    const bad = await client.json("POST", "/api/keys", { name: "x", scope: "admin" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await errorOf(bad))).toContain(API_KEY_MESSAGES.scopeInvalid);
  });
});

describe("deleting an account with workspaces", () => {
  const remove = (client: Client, email: string) =>
    client.json("DELETE", "/api/account", { email, password: GOOD_PASSWORD });

  it("is refused to the last owner of a workspace with other members, changing nothing", async () => {
    const { client, email, userId } = await signedUpClient();
    const team = await createWorkspace(client);
    const { userId: memberId } = await signedUpClient();
    await addMember(team, memberId, "editor");
    const refused = await remove(client, email);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "last_owner",
      message: ACCOUNT_MESSAGES.lastOwnerOfWorkspace,
    });
    expect((await client.fetch("/api/auth/me")).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE user_id = ?", userId)).toBe(2);
  });

  it("deletes the workspaces only they belong to, and hands what they made in shared ones to an owner", async () => {
    const { client, email, userId } = await signedUpClient();
    const alone = await createWorkspace(client, "Alone");
    client.workspace = alone;
    const aloneTest = await createTest(client);
    const { client: partner, userId: partnerId } = await signedUpClient();
    const shared = await createWorkspace(partner, "Shared");
    await addMember(shared, userId, "editor");
    client.workspace = shared;
    const sharedTest = await createTest(client);
    const sharedKey = await createApiKey(client);
    client.workspace = null;

    expect((await remove(client, email)).status).toBe(200);
    // What they made in the shared workspace stays, now the partner's; their key there is gone.
    partner.workspace = shared;
    expect(await testSlugs(partner, shared)).toEqual([sharedTest.slug]);
    expect((await new Client().fetch(`/r/${sharedTest.slug}`, { redirect: "manual" })).status).toBe(302);
    const row = await env.DB.prepare("SELECT user_id FROM split_tests WHERE id = ?")
      .bind(sharedTest.id)
      .first();
    expect(row?.user_id).toBe(partnerId);
    expect((await publicApi(sharedKey.key, "GET", "/tests")).status).toBe(401);
    // The workspace only they were in goes like a deleted workspace.
    expect((await new Client().fetch(`/r/${aloneTest.slug}`, { redirect: "manual" })).status).toBe(404);
    await runCron(CRONS.archive);
    expect(await count("SELECT count(*) AS n FROM workspaces WHERE id IN (?, ?)", alone, userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM split_tests WHERE id = ?", sharedTest.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE workspace_id = ?", shared)).toBe(1);
  });
});

describe("GET /api/workspaces/by-test/:slug (a test's link opens in its workspace)", () => {
  const lookUp = (client: Client, slug: string) => client.fetch(`/api/workspaces/by-test/${slug}`);

  it("finds a test in any workspace the user belongs to, whichever one the request names", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId, "Acme team");
    const test = await seedTest(owner, { workspaceId: team });
    const viewer = await seedUser();
    await seedMembership(team, viewer.userId, "viewer");
    // The viewer's app has their personal workspace open, where the test is not.
    expect((await viewer.client.fetch(`/api/tests/${test.slug}`)).status).toBe(404);
    const found = await lookUp(viewer.client, test.slug);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({
      workspace: {
        id: team,
        name: "Acme team",
        role: "viewer",
        personal: false,
        requireTwoFactor: false,
        currency: null,
      },
    });
    // The owner's own personal test, found from the team workspace.
    const mine = await seedTest(owner);
    owner.client.workspace = team;
    expect(
      ((await (await lookUp(owner.client, mine.slug)).json()) as { workspace: Listed }).workspace,
    ).toMatchObject({ id: owner.userId, personal: true });
  });

  it("answers a stranger's test as it answers a slug no test has: 404, no hint that it exists", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    const test = await seedTest(owner, { workspaceId: team });
    const personal = await seedTest(owner);
    const stranger = await seedUser();
    // Naming the workspace in the header changes nothing: only the caller's memberships are searched.
    stranger.client.workspace = team;
    const answerTo = async (slug: string) => {
      const response = await lookUp(stranger.client, slug);
      const { requestId: _, ...error } = ((await response.json()) as { error: { requestId?: string } }).error;
      return { status: response.status, error };
    };
    const none = { status: 404, error: { code: "not_found", message: TEST_MESSAGES.notFound } };
    expect(await answerTo("zzzzzz")).toEqual(none);
    expect(await answerTo(test.slug)).toEqual(none);
    expect(await answerTo(personal.slug)).toEqual(none);
    expect((await lookUp(new Client(), test.slug)).status).toBe(401);
  });

  it("does not find a deleted test, a deleted workspace's test, or one of a workspace the user left", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    const editor = await seedUser();
    await seedMembership(team, editor.userId, "editor");
    const deleted = await seedTest(owner, { workspaceId: team });
    owner.client.workspace = team;
    expect((await owner.client.json("DELETE", `/api/tests/${deleted.id}`)).status).toBe(200);
    expect((await lookUp(editor.client, deleted.slug)).status).toBe(404);

    const kept = await seedTest(owner, { workspaceId: team });
    expect((await lookUp(editor.client, kept.slug)).status).toBe(200);
    await env.DB.prepare("DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?")
      .bind(team, editor.userId)
      .run();
    expect((await lookUp(editor.client, kept.slug)).status).toBe(404);
    await env.DB.prepare("UPDATE workspaces SET deleted_at = ? WHERE id = ?").bind(Date.now(), team).run();
    expect((await lookUp(owner.client, kept.slug)).status).toBe(404);
  });
});
