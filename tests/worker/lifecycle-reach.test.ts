import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ConnectStripeResponse, MemberReach, StripeStatusResponse } from "../../contract/api";
import { MEMBER_MESSAGES, SLACK_MESSAGES, STRIPE_MESSAGES } from "../../contract/messages";
import { addMember, createApiKey, createTest, createWorkspace, errorOf, verifiedClient } from "./helpers";
import { invitationToken } from "./mail-helpers";
import { fakeSlackUrl, receivedAt, receiverUrl, slackWebhookUrl } from "./webhook-receiver";

// Around the lifecycle matrix (./lifecycle-matrix.test.ts): what the remove dialog lists, the inviter
// re-checked at acceptance, a retired Stripe secret, and an owner turning things back on.

async function teamWithMember(role: "owner" | "editor") {
  const owner = await verifiedClient();
  const workspaceId = await createWorkspace(owner.client);
  owner.client.workspace = workspaceId;
  const member = await verifiedClient();
  await addMember(workspaceId, member.userId, role);
  member.client.workspace = workspaceId;
  return { owner, member, workspaceId };
}

describe("the remove dialog", () => {
  it("lists what the member set up before the removal is confirmed, to owners only", async () => {
    const { owner, member, workspaceId } = await teamWithMember("owner");
    const key = await createApiKey(member.client, "Member's key");
    const invitee = await verifiedClient();
    await member.client.json("POST", `/api/workspaces/${workspaceId}/invitations`, {
      email: invitee.email,
      role: "viewer",
    });
    const url = receiverUrl();
    await member.client.json("POST", "/api/webhooks", { url, events: ["test.completed"] });
    await member.client.json("PUT", "/api/integrations/slack", { webhookUrl: slackWebhookUrl() });
    await member.client.json("PUT", "/api/integrations/stripe", {
      signingSecret: "whsec_reachReachReachReach0123",
    });
    const test = await createTest(owner.client, { name: "Pricing page" });
    await member.client.json("POST", `/api/tests/${test.slug}/share`);

    const path = `/api/workspaces/${workspaceId}/members/${member.userId}/reach`;
    const response = await owner.client.fetch(path);
    expect(response.status).toBe(200);
    const { reach } = (await response.json()) as { reach: MemberReach };
    expect(reach).toEqual({
      apiKeys: [{ id: key.id, name: "Member's key", prefix: expect.any(String), scope: "write" }],
      invitations: [{ id: expect.any(String), email: invitee.email, role: "viewer" }],
      webhooks: [{ id: expect.any(String), url }],
      slack: true,
      stripeSecret: true,
      shareLinks: [{ testId: test.id, testName: "Pricing page" }],
    });
    // The owner's own things are not the member's.
    const ownReach = await owner.client.fetch(`/api/workspaces/${workspaceId}/members/${owner.userId}/reach`);
    expect(((await ownReach.json()) as { reach: MemberReach }).reach).toMatchObject({
      apiKeys: [],
      webhooks: [],
      slack: false,
      stripeSecret: false,
    });

    const editor = await verifiedClient();
    await addMember(workspaceId, editor.userId, "editor");
    expect((await editor.client.fetch(path)).status).toBe(403);
  });
});

describe("accepting an invitation", () => {
  it("re-checks that its inviter may still grant the role: a demoted inviter's invitation makes no member", async () => {
    const { member, workspaceId } = await teamWithMember("owner");
    const invitee = await verifiedClient();
    const sent = await member.client.json("POST", `/api/workspaces/${workspaceId}/invitations`, {
      email: invitee.email,
      role: "owner",
    });
    expect(sent.status).toBe(201);
    const token = await invitationToken(invitee.email);
    // Demoted behind the API's back (a path that forgot to revoke): acceptance still checks.
    await env.DB.prepare("UPDATE memberships SET role = 'editor' WHERE workspace_id = ? AND user_id = ?")
      .bind(workspaceId, member.userId)
      .run();

    const accepted = await invitee.client.json("POST", `/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(410);
    expect(await errorOf(accepted)).toMatchObject({
      code: "invitation_gone",
      message: MEMBER_MESSAGES.invitationGone.revoked,
    });
    const joined = await env.DB.prepare("SELECT 1 FROM memberships WHERE workspace_id = ? AND user_id = ?")
      .bind(workspaceId, invitee.userId)
      .first();
    expect(joined).toBeNull();
  });
});

describe("a Stripe secret whose member left", () => {
  it("stops counting; the card says to roll it; only an owner pastes a new one, and not the old one again", async () => {
    const { owner, member, workspaceId } = await teamWithMember("editor");
    const old = "whsec_leaverLeaverLeaverLeaver0123";
    const connected = await member.client.json("PUT", "/api/integrations/stripe", { signingSecret: old });
    expect(connected.status).toBe(200);
    const { endpointUrl } = (await connected.json()) as ConnectStripeResponse;
    const editor = await verifiedClient();
    await addMember(workspaceId, editor.userId, "editor");
    editor.client.workspace = workspaceId;

    await owner.client.json("DELETE", `/api/workspaces/${workspaceId}/members/${member.userId}`);
    const card = (await (
      await owner.client.fetch("/api/integrations/stripe")
    ).json()) as StripeStatusResponse;
    expect(card.stripe).toMatchObject({ connected: true, secretRetired: true, endpointUrl });

    const byEditor = await editor.client.json("PUT", "/api/integrations/stripe", {
      signingSecret: "whsec_editorEditorEditorEditor0123",
    });
    expect(byEditor.status).toBe(403);
    expect(await errorOf(byEditor)).toMatchObject({ message: STRIPE_MESSAGES.secretRetiredOwnerOnly });
    const same = await owner.client.json("PUT", "/api/integrations/stripe", { signingSecret: old });
    expect(same.status).toBe(422);
    expect(await errorOf(same)).toMatchObject({ code: "secret_retired" });

    const rolled = await owner.client.json("PUT", "/api/integrations/stripe", {
      signingSecret: "whsec_rolledRolledRolledRolled0123",
    });
    expect(rolled.status).toBe(200);
    expect(((await rolled.json()) as ConnectStripeResponse).endpointUrl).toBe(endpointUrl);
    const after = (await (
      await owner.client.fetch("/api/integrations/stripe")
    ).json()) as StripeStatusResponse;
    expect(after.stripe.secretRetired).toBe(false);
  });

  it("stays retired through a disconnect: the old secret is refused to an editor and an owner alike", async () => {
    const { owner, member, workspaceId } = await teamWithMember("editor");
    const old = "whsec_leaverLeaverLeaverLeaver4567";
    await member.client.json("PUT", "/api/integrations/stripe", { signingSecret: old });
    const editor = await verifiedClient();
    await addMember(workspaceId, editor.userId, "editor");
    editor.client.workspace = workspaceId;
    await owner.client.json("DELETE", `/api/workspaces/${workspaceId}/members/${member.userId}`);

    expect((await editor.client.json("DELETE", "/api/integrations/stripe")).status).toBe(200);
    const card = (await (
      await owner.client.fetch("/api/integrations/stripe")
    ).json()) as StripeStatusResponse;
    expect(card.stripe).toMatchObject({ connected: false, secretRetired: true });
    const byEditor = await editor.client.json("PUT", "/api/integrations/stripe", { signingSecret: old });
    expect(byEditor.status).toBe(403);
    expect(await errorOf(byEditor)).toMatchObject({ message: STRIPE_MESSAGES.secretRetiredOwnerOnly });
    const byOwner = await owner.client.json("PUT", "/api/integrations/stripe", { signingSecret: old });
    expect(byOwner.status).toBe(422);
    expect(await errorOf(byOwner)).toMatchObject({ code: "secret_retired" });
    // Disconnecting again changes nothing; a new secret from an owner connects and clears it.
    expect((await owner.client.json("DELETE", "/api/integrations/stripe")).status).toBe(200);
    const rolled = "whsec_rolledRolledRolledRolled4567";
    expect(
      (await owner.client.json("PUT", "/api/integrations/stripe", { signingSecret: rolled })).status,
    ).toBe(200);
    const after = (await (
      await owner.client.fetch("/api/integrations/stripe")
    ).json()) as StripeStatusResponse;
    expect(after.stripe).toMatchObject({ connected: true, secretRetired: false });
  });
});

describe("turning a disabled endpoint or Slack back on", () => {
  it("takes an owner's one click, is recorded in the history, and an editor may not", async () => {
    const { owner, member, workspaceId } = await teamWithMember("editor");
    const created = await member.client.json("POST", "/api/webhooks", {
      url: receiverUrl(),
      events: ["test.completed"],
    });
    const { webhook } = (await created.json()) as { webhook: { id: string } };
    const slackUrl = slackWebhookUrl();
    await member.client.json("PUT", "/api/integrations/slack", { webhookUrl: slackUrl });
    const editor = await verifiedClient();
    await addMember(workspaceId, editor.userId, "editor");
    editor.client.workspace = workspaceId;

    await owner.client.json("DELETE", `/api/workspaces/${workspaceId}/members/${member.userId}`);
    const listed = (await (await owner.client.fetch("/api/webhooks")).json()) as {
      webhooks: { id: string; disabledAt: number | null }[];
    };
    expect(listed.webhooks.find((w) => w.id === webhook.id)?.disabledAt).toEqual(expect.any(Number));
    const slack = (await (await owner.client.fetch("/api/integrations/slack")).json()) as {
      disabledAt: string | null;
    };
    expect(slack.disabledAt).toEqual(expect.any(String));
    // Nothing goes to the channel the removed member chose, a test message neither.
    const test = await owner.client.json("POST", "/api/integrations/slack/test");
    expect(test.status).toBe(409);
    expect(await errorOf(test)).toMatchObject({
      code: "slack_disabled",
      message: SLACK_MESSAGES.testWhileDisabled,
    });
    expect(await receivedAt(fakeSlackUrl(slackUrl))).toHaveLength(0);

    expect((await editor.client.json("POST", `/api/webhooks/${webhook.id}/enable`)).status).toBe(403);
    expect((await editor.client.json("POST", "/api/integrations/slack/enable")).status).toBe(403);
    expect((await owner.client.json("POST", `/api/webhooks/${webhook.id}/enable`)).status).toBe(200);
    const enabledSlack = await owner.client.json("POST", "/api/integrations/slack/enable");
    expect(((await enabledSlack.json()) as { disabledAt: string | null }).disabledAt).toBeNull();

    const history = (await (await owner.client.fetch("/api/workspace/history")).json()) as {
      events: { action: string; actor: { label?: string } | string }[];
    };
    const actions = history.events.map((event) => event.action);
    expect(actions).toContain("webhook.enabled");
    expect(actions).toContain("integration.enabled");
  });
});
