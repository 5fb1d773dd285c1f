import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { RECENT_PASSWORD_MS } from "../../contract/workspaces";
import { getDb } from "../../worker/db/client";
import { issueEmailToken } from "../../worker/services/email-tokens";
import {
  addMember,
  Client,
  createApiKey,
  createWorkspace,
  errorOf,
  GOOD_PASSWORD,
  publicApi,
  verifiedClient,
} from "./helpers";
import { slackWebhookUrl } from "./webhook-receiver";

// Recent password for sensitive actions (issue #45, point 3): a stolen session alone cannot make keys,
// swap an integration's secret, change roles, hand over or delete a workspace, or delete the account.

const NEW_PASSWORD = "another horse battery staple";

/** Makes every session of the user one whose password was entered more than 10 minutes ago. */
async function passwordEnteredLongAgo(userId: string) {
  await env.DB.prepare("UPDATE sessions SET password_at = ? WHERE user_id = ?")
    .bind(Date.now() - RECENT_PASSWORD_MS - 60_000, userId)
    .run();
}

/** A second session of the user's, as someone who took their cookies or logged in elsewhere has. */
async function anotherSessionOf(email: string, password = GOOD_PASSWORD): Promise<Client> {
  const client = new Client();
  const response = await client.json("POST", "/api/auth/login", { email, password });
  expect(response.status).toBe(200);
  return client;
}

async function keysCard(client: Client) {
  return (await (await client.fetch("/api/keys")).json()) as {
    keys: { name: string }[];
    revoked: { name: string; prefix: string; reason: string }[];
  };
}

describe("sensitive actions", () => {
  it("answer 403 reauth_required once the password is older than 10 minutes, and go through after POST /api/auth/reauth", async () => {
    const owner = await verifiedClient();
    const team = await createWorkspace(owner.client);
    owner.client.workspace = team;
    const member = await verifiedClient();
    await addMember(team, member.userId, "editor");
    const removed = await verifiedClient();
    await addMember(team, removed.userId, "viewer");
    const doomed = await createWorkspace(owner.client, "Doomed team");
    await passwordEnteredLongAgo(owner.userId);

    const actions: [string, () => Promise<Response>][] = [
      ["create an API key", () => owner.client.json("POST", "/api/keys", { name: "CI" })],
      [
        "connect Stripe",
        () =>
          owner.client.json("PUT", "/api/integrations/stripe", {
            signingSecret: "whsec_recentRecentRecentRecent0123",
          }),
      ],
      [
        "connect Slack",
        () => owner.client.json("PUT", "/api/integrations/slack", { webhookUrl: slackWebhookUrl() }),
      ],
      [
        "change a role",
        () =>
          owner.client.json("PATCH", `/api/workspaces/${team}/members/${member.userId}`, { role: "viewer" }),
      ],
      [
        "remove a member",
        () => owner.client.json("DELETE", `/api/workspaces/${team}/members/${removed.userId}`),
      ],
      [
        "transfer ownership",
        () => owner.client.json("POST", `/api/workspaces/${team}/transfer`, { userId: member.userId }),
      ],
      [
        "lift the two-factor requirement",
        () => owner.client.json("PATCH", `/api/workspaces/${doomed}`, { requireTwoFactor: false }),
      ],
      ["delete a workspace", () => owner.client.json("DELETE", `/api/workspaces/${doomed}`)],
    ];
    for (const [what, act] of actions) {
      const refused = await act();
      expect(refused.status, what).toBe(403);
      expect(await errorOf(refused), what).toMatchObject({
        code: "reauth_required",
        message: AUTH_MESSAGES.reauthRequired,
      });
    }
    const roles = await env.DB.prepare("SELECT role FROM memberships WHERE workspace_id = ? ORDER BY role")
      .bind(team)
      .all<{ role: string }>();
    expect(roles.results.map((r) => r.role)).toEqual(["editor", "owner", "viewer"]);
    // A rename needs no password, nor does leaving.
    expect((await owner.client.json("PATCH", `/api/workspaces/${doomed}`, { name: "Renamed" })).status).toBe(
      200,
    );
    const leaving = await verifiedClient();
    await addMember(team, leaving.userId, "viewer");
    await passwordEnteredLongAgo(leaving.userId);
    expect(
      (await leaving.client.json("DELETE", `/api/workspaces/${team}/members/${leaving.userId}`)).status,
    ).toBe(200);

    const wrong = await owner.client.json("POST", "/api/auth/reauth", { password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: "invalid_password" });
    expect((await actions[0]?.[1]())?.status).toBe(403);

    const reauth = await owner.client.json("POST", "/api/auth/reauth", { password: GOOD_PASSWORD });
    expect(reauth.status).toBe(200);
    const { recentUntil } = (await reauth.json()) as { recentUntil: number };
    expect(recentUntil).toBeGreaterThan(Date.now() + RECENT_PASSWORD_MS - 60_000);
    const expected = [201, 200, 200, 200, 200, 200, 200, 200];
    for (const [index, [what, act]] of actions.entries())
      expect((await act()).status, what).toBe(expected[index]);
  });

  it("count only the session the password was entered in", async () => {
    const user = await verifiedClient();
    const other = await anotherSessionOf(user.email);
    await passwordEnteredLongAgo(user.userId);
    expect((await user.client.json("POST", "/api/auth/reauth", { password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    expect((await user.client.json("POST", "/api/keys", { name: "Mine" })).status).toBe(201);
    const refused = await other.json("POST", "/api/keys", { name: "Theirs" });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "reauth_required" });
  });
});

describe("deleting the account", () => {
  it("is refused with only the email, or with a wrong password: a session alone deletes nothing", async () => {
    const user = await verifiedClient();
    const onlyEmail = await user.client.json("DELETE", "/api/account", { email: user.email });
    expect(onlyEmail.status).toBe(400);
    expect(await errorOf(onlyEmail)).toMatchObject({
      code: "invalid_input",
      message: ACCOUNT_MESSAGES.passwordToDelete,
    });
    const wrong = await user.client.json("DELETE", "/api/account", {
      email: user.email,
      password: "not my password",
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: "invalid_password" });
    expect((await user.client.fetch("/api/auth/me")).status).toBe(200);
    const row = await env.DB.prepare("SELECT deleted_at FROM users WHERE id = ?")
      .bind(user.userId)
      .first<{ deleted_at: number | null }>();
    expect(row?.deleted_at).toBeNull();

    const deleted = await user.client.json("DELETE", "/api/account", {
      email: user.email,
      password: GOOD_PASSWORD,
    });
    expect(deleted.status).toBe(200);
  });
});

describe("changing the password", () => {
  it("keeps an API key made from a stolen session only if the user chose so, and says which keys it revoked", async () => {
    const victim = await verifiedClient();
    const thief = await anotherSessionOf(victim.email);
    const planted = await createApiKey(thief, "Looks harmless");

    const kept = await victim.client.json("POST", "/api/account/password", {
      currentPassword: GOOD_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged, revokedApiKeys: [] });
    // The thief's session is over, their key is not: the user did not ask.
    expect((await thief.fetch("/api/auth/me")).status).toBe(401);
    expect((await publicApi(planted.key, "GET", "/tests")).status).toBe(200);

    const revoking = await victim.client.json("POST", "/api/account/password", {
      currentPassword: NEW_PASSWORD,
      newPassword: GOOD_PASSWORD,
      revokeApiKeys: true,
    });
    expect(revoking.status).toBe(200);
    const body = (await revoking.json()) as { revokedApiKeys: { name: string; workspaceName: string }[] };
    expect(body.revokedApiKeys).toEqual([
      { name: "Looks harmless", prefix: expect.any(String), workspaceName: "Personal" },
    ]);
    expect((await publicApi(planted.key, "GET", "/tests")).status).toBe(401);
    const card = await keysCard(victim.client);
    expect(card.keys).toEqual([]);
    expect(card.revoked).toEqual([
      expect.objectContaining({ name: "Looks harmless", reason: "password_changed" }),
    ]);
  });
});

describe("a password reset", () => {
  it("revokes the user's API keys and says which: in its answer and on each workspace's keys card", async () => {
    const owner = await verifiedClient();
    const team = await createWorkspace(owner.client);
    const user = await verifiedClient();
    await addMember(team, user.userId, "editor");
    const personal = await createApiKey(user.client, "Personal sync");
    user.client.workspace = team;
    const teamKey = await createApiKey(user.client, "Shop server");

    const token = await issueEmailToken(getDb(env.DB), user.userId, "reset_password");
    const reset = await new Client().json("POST", "/api/account/reset-password", {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    const body = (await reset.json()) as { revokedApiKeys: { name: string; workspaceName: string }[] };
    expect(body.revokedApiKeys.map((k) => [k.name, k.workspaceName])).toEqual([
      ["Personal sync", "Personal"],
      ["Shop server", "Acme team"],
    ]);
    for (const key of [personal.key, teamKey.key])
      expect((await publicApi(key, "GET", "/tests")).status).toBe(401);

    // The team's owner sees on the keys card which key stopped, and why.
    owner.client.workspace = team;
    expect((await keysCard(owner.client)).revoked).toEqual([
      expect.objectContaining({ name: "Shop server", reason: "password_reset" }),
    ]);
  });
});
