import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MEMBER_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import {
  Client,
  createApiKey,
  errorOf,
  GOOD_PASSWORD,
  ORIGIN,
  publicApi,
  signedUpClient,
  uniqueEmail,
  verifiedClient,
} from "./helpers";
import { invitationMail, invitationToken, mailsTo, nthMailTo } from "./mail-helpers";

// Members and invitations (issue #34): who may invite, the invitee's link, roles, leaving, transfer.

type Person = Awaited<ReturnType<typeof signedUpClient>>;

/** A team workspace owned by a fresh user (made in SQL: creating workspaces is another route's job). */
async function teamOf(owner: Person, name = "Acme team"): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)").bind(id, name, now),
    env.DB.prepare(
      "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'owner', ?)",
    ).bind(id, owner.userId, now),
  ]);
  return id;
}

function inviteTo(client: Client, workspaceId: string, email: string, role = "editor") {
  return client.json("POST", `/api/workspaces/${workspaceId}/invitations`, { email, role });
}

/** Invites a fresh person, who signs up and accepts: answers them as a member with that role. */
async function memberOf(owner: Person, workspaceId: string, role: "owner" | "editor" | "viewer") {
  const person = await signedUpClient();
  expect((await inviteTo(owner.client, workspaceId, person.email, role)).status).toBe(201);
  const token = await invitationToken(person.email);
  expect((await person.client.json("POST", `/api/invitations/${token}/accept`)).status).toBe(200);
  return person;
}

async function membersOf(client: Client, workspaceId: string) {
  const response = await client.json("GET", `/api/workspaces/${workspaceId}/members`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { members: { userId: string; email: string; role: string }[] }).members;
}

describe("invitations", () => {
  it("emails the invitee a link to the invitation page; accepting makes them a member with that role", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invitee = await signedUpClient();
    const response = await inviteTo(owner.client, team, invitee.email.toUpperCase(), "viewer");
    expect(response.status).toBe(201);
    const { invitation } = (await response.json()) as {
      invitation: { id: string; email: string; role: string; state: string; expiresAt: number };
    };
    expect(invitation).toMatchObject({ email: invitee.email, role: "viewer", state: "pending" });
    expect(invitation.expiresAt).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60 * 1000);

    const mail = await invitationMail(invitee.email);
    expect(mail.subject).toContain("Acme team");
    expect(mail.text).toContain(owner.email);
    expect(mail.html).toContain(`${ORIGIN}/invitations/`);
    const token = await invitationToken(invitee.email);
    // Only the hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM invitations WHERE id = ?")
      .bind(invitation.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).not.toBe(token);

    const view = await invitee.client.json("GET", `/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      invitation: {
        workspaceId: team,
        workspaceName: "Acme team",
        inviterEmail: owner.email,
        role: "viewer",
        state: "pending",
      },
    });

    const accepted = await invitee.client.json("POST", `/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ workspaceId: team, role: "viewer" });
    expect(await membersOf(invitee.client, team)).toEqual([
      expect.objectContaining({ userId: owner.userId, email: owner.email, role: "owner" }),
      expect.objectContaining({ userId: invitee.userId, email: invitee.email, role: "viewer" }),
    ]);
    // The member works in the workspace through the header.
    const tests = await invitee.client.fetch("/api/tests", { headers: { "SplitLink-Workspace": team } });
    expect(tests.status).toBe(200);

    // The link works once.
    const again = await invitee.client.json("POST", `/api/invitations/${token}/accept`);
    expect(again.status).toBe(410);
    expect(await errorOf(again)).toMatchObject({
      code: "invitation_gone",
      message: MEMBER_MESSAGES.invitationGone.accepted,
    });
    expect(
      await owner.client.json("GET", `/api/workspaces/${team}/invitations`).then((r) => r.json()),
    ).toEqual({
      invitations: [],
    });
  });

  it("may invite into the personal workspace", async () => {
    const owner = await verifiedClient();
    const helper = await memberOf(owner, owner.userId, "editor");
    expect((await membersOf(owner.client, owner.userId)).map((m) => m.userId)).toContain(helper.userId);
  });

  it("refuses a stranger (404), an editor and a viewer (403), and anonymous callers (401)", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const editor = await memberOf(owner, team, "editor");
    const viewer = await memberOf(owner, team, "viewer");
    const stranger = await signedUpClient();
    const email = uniqueEmail();

    const byStranger = await inviteTo(stranger.client, team, email);
    expect(byStranger.status).toBe(404);
    expect(await errorOf(byStranger)).toMatchObject({
      code: "not_found",
      message: WORKSPACE_MESSAGES.notFound,
    });
    expect((await stranger.client.json("GET", `/api/workspaces/${team}/members`)).status).toBe(404);
    expect((await stranger.client.json("GET", `/api/workspaces/${team}/invitations`)).status).toBe(404);
    expect((await stranger.client.json("GET", `/api/workspaces/${owner.userId}/members`)).status).toBe(404);

    for (const member of [editor, viewer]) {
      const refused = await inviteTo(member.client, team, email);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({
        code: "forbidden",
        message: WORKSPACE_MESSAGES.ownerOnly,
      });
      expect((await member.client.json("GET", `/api/workspaces/${team}/invitations`)).status).toBe(403);
      const demote = await member.client.json("PATCH", `/api/workspaces/${team}/members/${owner.userId}`, {
        role: "viewer",
      });
      expect(demote.status).toBe(403);
      const remove = await member.client.json("DELETE", `/api/workspaces/${team}/members/${owner.userId}`);
      expect(remove.status).toBe(403);
      // Every member may read the list.
      expect((await membersOf(member.client, team)).length).toBe(3);
    }
    expect((await inviteTo(new Client(), team, email)).status).toBe(401);
    expect((await new Client().json("GET", `/api/workspaces/${team}/members`)).status).toBe(401);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM invitations WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("validates the email and the role, next to the field", async () => {
    const owner = await verifiedClient();
    const bad = await inviteTo(owner.client, owner.userId, "not-an-email");
    expect(bad.status).toBe(400);
    const noRole = await inviteTo(owner.client, owner.userId, uniqueEmail(), "admin");
    expect(await errorOf(noRole)).toMatchObject({
      code: "invalid_input",
      message: MEMBER_MESSAGES.roleRequired,
    });
  });

  it("refuses an email that is already a member, or already has a pending invitation (409)", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const member = await memberOf(owner, team, "viewer");
    const again = await inviteTo(owner.client, team, member.email);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({
      code: "already_member",
      message: MEMBER_MESSAGES.alreadyMember,
    });
    const self = await inviteTo(owner.client, team, owner.email);
    expect(self.status).toBe(409);
    const email = uniqueEmail();
    expect((await inviteTo(owner.client, team, email)).status).toBe(201);
    const twice = await inviteTo(owner.client, team, email);
    expect(await errorOf(twice)).toMatchObject({ code: "invitation_pending" });
  });

  it("allows at most 100 members per workspace", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const now = Date.now();
    const statements = Array.from({ length: 99 }, () => {
      const id = crypto.randomUUID();
      return [
        env.DB.prepare("INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'x', ?)").bind(
          id,
          `${id}@example.com`,
          now,
        ),
        env.DB.prepare(
          "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'viewer', ?)",
        ).bind(team, id, now),
      ];
    }).flat();
    await env.DB.batch(statements);
    const refused = await inviteTo(owner.client, team, uniqueEmail());
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "too_many_members",
      message: MEMBER_MESSAGES.tooManyMembers(100),
    });
  });

  it("only the invited email may accept or decline (403); the invitation stays open for them", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invitee = uniqueEmail();
    await inviteTo(owner.client, team, invitee);
    const token = await invitationToken(invitee);
    const wrong = await signedUpClient();
    for (const [method, path] of [
      ["GET", ""],
      ["POST", "/accept"],
      ["POST", "/decline"],
    ] as const) {
      const refused = await wrong.client.json(method, `/api/invitations/${token}${path}`);
      expect(refused.status).toBe(403);
      const text = await refused.text();
      expect(JSON.parse(text).error).toMatchObject({
        code: "wrong_invitee",
        message: MEMBER_MESSAGES.wrongInvitee,
      });
      // Nothing about the workspace or who invited whom.
      for (const secret of [owner.email, invitee, "Acme team"]) expect(text).not.toContain(secret);
    }
    expect((await wrong.client.json("GET", `/api/workspaces/${team}/members`)).status).toBe(404);
    // The right person, signing up later with the email in capitals, still can.
    const right = await signedUpClient(invitee.toUpperCase());
    expect((await right.client.json("POST", `/api/invitations/${token}/accept`)).status).toBe(200);
  });

  it("signed out, the link names the workspace, inviter and role; answering it needs a session (401); an unknown token 404", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner, "Shop team");
    const email = uniqueEmail();
    await inviteTo(owner.client, team, email, "viewer");
    const token = await invitationToken(email);
    const anonymous = new Client();
    const view = await anonymous.json("GET", `/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      invitation: {
        workspaceName: "Shop team",
        inviterEmail: owner.email,
        email,
        role: "viewer",
        state: "pending",
      },
    });
    expect((await anonymous.json("POST", `/api/invitations/${token}/accept`)).status).toBe(401);
    expect((await anonymous.json("POST", `/api/invitations/${token}/decline`)).status).toBe(401);
    const unknown = await anonymous.json("GET", `/api/invitations/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ message: MEMBER_MESSAGES.invitationUnknown });
  });

  it("signing up from the invitation with the invited email counts the email as verified; another email does not", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invited = uniqueEmail();
    await inviteTo(owner.client, team, invited, "editor");
    const token = await invitationToken(invited);
    const signUp = (email: string, invitationToken: string) =>
      new Client().json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD, invitationToken });

    // Another email with the link (a forwarded invitation) proves nothing: a verification email as usual.
    const other = uniqueEmail();
    const forwarded = await signUp(other, token);
    expect(forwarded.status).toBe(202);
    expect(await forwarded.json()).toEqual({ checkEmail: true });
    expect((await nthMailTo(other)).subject).toContain("Verify");

    const response = await signUp(invited.toUpperCase(), token);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ user: { email: invited }, emailVerified: true });
    const stored = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = ?")
      .bind(invited)
      .first();
    expect(stored?.email_verified_at).toEqual(expect.any(Number));
    // The only email to the address is the invitation: no verification email to click.
    expect((await mailsTo(invited)).map((mail) => mail.text.includes("/invitations/"))).toEqual([true]);
  });

  it("only the invited mailbox holds the token that verifies a sign-up: the inviter never sees it, and a replaced or revoked one verifies nothing", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invited = uniqueEmail();
    const created = await inviteTo(owner.client, team, invited, "viewer");
    const { invitation } = (await created.json()) as { invitation: { id: string } };
    const first = await invitationToken(invited);
    const resent = await owner.client.json(
      "POST",
      `/api/workspaces/${team}/invitations/${invitation.id}/resend`,
    );
    expect(resent.status).toBe(200);
    const second = await invitationToken(invited, 2);
    expect(second).not.toBe(first);
    // Whatever the inviter can read: the answers, the pending list, the workspace's log.
    owner.client.workspace = team;
    const readable = [
      JSON.stringify(invitation),
      await resent.text(),
      await (await owner.client.json("GET", `/api/workspaces/${team}/invitations`)).text(),
      await (await owner.client.json("GET", "/api/workspace/history")).text(),
    ].join("\n");
    for (const token of [first, second]) expect(readable).not.toContain(token);

    const signUp = (email: string, invitationToken: string) =>
      new Client().json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD, invitationToken });
    // The replaced link proves nothing now.
    const replaced = await signUp(invited, first);
    expect(replaced.status).toBe(202);
    expect(await replaced.json()).toEqual({ checkEmail: true });
    // Nor does a revoked one.
    const other = uniqueEmail();
    const again = await inviteTo(owner.client, team, other, "viewer");
    const otherId = ((await again.json()) as { invitation: { id: string } }).invitation.id;
    const otherToken = await invitationToken(other);
    const revoked = await owner.client.json("DELETE", `/api/workspaces/${team}/invitations/${otherId}`);
    expect(revoked.status).toBe(200);
    expect(await (await signUp(other, otherToken)).json()).toEqual({ checkEmail: true });
    // A token longer than any SplitLink makes is refused with the invitation's message.
    const tooLong = await signUp(uniqueEmail(), "x".repeat(101));
    expect(tooLong.status).toBe(400);
    expect(await errorOf(tooLong)).toMatchObject({ message: MEMBER_MESSAGES.invitationUnknown });
  });

  it("an expired invitation cannot be accepted (410); resending makes a new link and the old one stops working", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invitee = await signedUpClient();
    const created = await inviteTo(owner.client, team, invitee.email);
    const { invitation } = (await created.json()) as { invitation: { id: string } };
    const oldToken = await invitationToken(invitee.email);
    await env.DB.prepare("UPDATE invitations SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, invitation.id)
      .run();

    const view = await invitee.client.json("GET", `/api/invitations/${oldToken}`);
    expect(await view.json()).toMatchObject({ invitation: { state: "expired" } });
    const late = await invitee.client.json("POST", `/api/invitations/${oldToken}/accept`);
    expect(late.status).toBe(410);
    expect(await errorOf(late)).toMatchObject({ message: MEMBER_MESSAGES.invitationGone.expired });
    const listed = await owner.client.json("GET", `/api/workspaces/${team}/invitations`);
    expect(await listed.json()).toMatchObject({ invitations: [{ id: invitation.id, state: "expired" }] });

    const resent = await owner.client.json(
      "POST",
      `/api/workspaces/${team}/invitations/${invitation.id}/resend`,
    );
    expect(resent.status).toBe(200);
    const body = (await resent.json()) as { invitation: { state: string; expiresAt: number } };
    expect(body.invitation.state).toBe("pending");
    expect(body.invitation.expiresAt).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60 * 1000);
    const newToken = await invitationToken(invitee.email, 2);
    expect(newToken).not.toBe(oldToken);
    const old = await invitee.client.json("POST", `/api/invitations/${oldToken}/accept`);
    expect(old.status).toBe(404);
    expect(await errorOf(old)).toMatchObject({ message: MEMBER_MESSAGES.invitationUnknown });
    expect((await invitee.client.json("POST", `/api/invitations/${newToken}/accept`)).status).toBe(200);
  });

  it("a declined invitation does nothing more; the invitee is not a member", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invitee = await signedUpClient();
    await inviteTo(owner.client, team, invitee.email);
    const token = await invitationToken(invitee.email);
    expect((await invitee.client.json("POST", `/api/invitations/${token}/decline`)).status).toBe(200);
    const late = await invitee.client.json("POST", `/api/invitations/${token}/accept`);
    expect(late.status).toBe(410);
    expect(await errorOf(late)).toMatchObject({ message: MEMBER_MESSAGES.invitationGone.declined });
    expect((await invitee.client.json("GET", `/api/workspaces/${team}/members`)).status).toBe(404);
  });

  it("a revoked invitation does nothing; a stranger cannot revoke or resend (404)", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const invitee = await signedUpClient();
    const created = await inviteTo(owner.client, team, invitee.email);
    const { invitation } = (await created.json()) as { invitation: { id: string } };
    const token = await invitationToken(invitee.email);
    const stranger = await signedUpClient();
    const path = `/api/workspaces/${team}/invitations/${invitation.id}`;
    expect((await stranger.client.json("DELETE", path)).status).toBe(404);
    expect((await stranger.client.json("POST", `${path}/resend`)).status).toBe(404);
    // The invitation's id under the stranger's own workspace is not found either.
    expect(
      (
        await stranger.client.json(
          "DELETE",
          `/api/workspaces/${stranger.userId}/invitations/${invitation.id}`,
        )
      ).status,
    ).toBe(404);

    expect((await owner.client.json("DELETE", path)).status).toBe(200);
    const late = await invitee.client.json("POST", `/api/invitations/${token}/accept`);
    expect(late.status).toBe(410);
    expect(await errorOf(late)).toMatchObject({ message: MEMBER_MESSAGES.invitationGone.revoked });
    expect((await owner.client.json("DELETE", path)).status).toBe(404);
    expect((await owner.client.json("POST", `${path}/resend`)).status).toBe(404);
  });
});

describe("members", () => {
  it("an owner changes a role; the last owner cannot be demoted or leave (409)", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const editor = await memberOf(owner, team, "editor");
    const toViewer = await owner.client.json("PATCH", `/api/workspaces/${team}/members/${editor.userId}`, {
      role: "viewer",
    });
    expect(toViewer.status).toBe(200);
    expect(await toViewer.json()).toMatchObject({ member: { userId: editor.userId, role: "viewer" } });
    // The viewer can no longer change anything in the workspace.
    const change = await editor.client.json(
      "POST",
      "/api/tests",
      { name: "x", urlA: "https://a.example", urlB: "https://b.example" },
      {
        "SplitLink-Workspace": team,
      },
    );
    expect(change.status).toBe(403);

    const demoteSelf = await owner.client.json("PATCH", `/api/workspaces/${team}/members/${owner.userId}`, {
      role: "editor",
    });
    expect(demoteSelf.status).toBe(409);
    expect(await errorOf(demoteSelf)).toMatchObject({
      code: "last_owner",
      message: MEMBER_MESSAGES.lastOwner,
    });
    const leave = await owner.client.json("DELETE", `/api/workspaces/${team}/members/${owner.userId}`);
    expect(leave.status).toBe(409);
    expect(await errorOf(leave)).toMatchObject({ code: "last_owner" });
    expect((await membersOf(owner.client, team)).find((m) => m.userId === owner.userId)?.role).toBe("owner");

    // With a second owner, the first may step down.
    await owner.client.json("PATCH", `/api/workspaces/${team}/members/${editor.userId}`, { role: "owner" });
    expect(
      (
        await owner.client.json("PATCH", `/api/workspaces/${team}/members/${owner.userId}`, {
          role: "editor",
        })
      ).status,
    ).toBe(200);
  });

  it("a removed member loses access at once: their next request gets 404", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const editor = await memberOf(owner, team, "editor");
    const header = { "SplitLink-Workspace": team };
    expect((await editor.client.fetch("/api/tests", { headers: header })).status).toBe(200);
    expect(
      (await owner.client.json("DELETE", `/api/workspaces/${team}/members/${editor.userId}`)).status,
    ).toBe(200);
    const after = await editor.client.fetch("/api/tests", { headers: header });
    expect(after.status).toBe(404);
    expect(await errorOf(after)).toMatchObject({ message: WORKSPACE_MESSAGES.notFound });
    expect((await editor.client.json("GET", `/api/workspaces/${team}/members`)).status).toBe(404);
    const unknown = await owner.client.json("DELETE", `/api/workspaces/${team}/members/${editor.userId}`);
    expect(unknown.status).toBe(404);
  });

  it("a member may leave; the personal workspace's owner cannot leave it", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const viewer = await memberOf(owner, team, "viewer");
    expect(
      (await viewer.client.json("DELETE", `/api/workspaces/${team}/members/${viewer.userId}`)).status,
    ).toBe(200);
    expect((await viewer.client.json("GET", `/api/workspaces/${team}/members`)).status).toBe(404);

    // Even with a second owner, the personal workspace stays its user's.
    const coOwner = await memberOf(owner, owner.userId, "owner");
    const leave = await owner.client.json(
      "DELETE",
      `/api/workspaces/${owner.userId}/members/${owner.userId}`,
    );
    expect(leave.status).toBe(409);
    expect(await errorOf(leave)).toMatchObject({
      code: "personal_workspace",
      message: MEMBER_MESSAGES.personalCannotLeave,
    });
    const removed = await coOwner.client.json(
      "DELETE",
      `/api/workspaces/${owner.userId}/members/${owner.userId}`,
    );
    expect(removed.status).toBe(409);
  });

  it("transfer: the new owner manages members, the old owner becomes an editor whose keys end", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const viewer = await memberOf(owner, team, "viewer");
    owner.client.workspace = team;
    const { key } = await createApiKey(owner.client, "Owner's script");
    owner.client.workspace = null;
    expect((await publicApi(key, "GET", "/tests")).status).toBe(200);
    const stranger = await signedUpClient();
    expect(
      (await stranger.client.json("POST", `/api/workspaces/${team}/transfer`, { userId: stranger.userId }))
        .status,
    ).toBe(404);
    expect(
      (await viewer.client.json("POST", `/api/workspaces/${team}/transfer`, { userId: viewer.userId }))
        .status,
    ).toBe(403);
    expect(
      (await owner.client.json("POST", `/api/workspaces/${team}/transfer`, { userId: stranger.userId }))
        .status,
    ).toBe(404);
    // Handing it to oneself is a conflict, not a permission: its own code, which always answers 409.
    const toSelf = await owner.client.json("POST", `/api/workspaces/${team}/transfer`, {
      userId: owner.userId,
    });
    expect(toSelf.status).toBe(409);
    expect(await errorOf(toSelf)).toMatchObject({
      code: "already_owner",
      message: MEMBER_MESSAGES.transferToSelf,
    });

    const transferred = await owner.client.json("POST", `/api/workspaces/${team}/transfer`, {
      userId: viewer.userId,
    });
    expect(transferred.status).toBe(200);
    const roles = Object.fromEntries((await membersOf(owner.client, team)).map((m) => [m.userId, m.role]));
    expect(roles).toEqual({ [viewer.userId]: "owner", [owner.userId]: "editor" });
    // As for any owner made an editor (a role change): the key made as owner ends.
    expect((await publicApi(key, "GET", "/tests")).status).toBe(401);
    expect((await inviteTo(owner.client, team, uniqueEmail())).status).toBe(403);
    expect((await inviteTo(viewer.client, team, uniqueEmail())).status).toBe(201);
  });
});

describe("the history of member changes", () => {
  it("records the invitation, the join, a role change and a removal, each with who made it", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const member = await memberOf(owner, team, "editor");
    const patch = await owner.client.json("PATCH", `/api/workspaces/${team}/members/${member.userId}`, {
      role: "viewer",
    });
    expect(patch.status).toBe(200);
    expect(
      (await owner.client.json("DELETE", `/api/workspaces/${team}/members/${member.userId}`)).status,
    ).toBe(200);

    owner.client.workspace = team;
    const response = await owner.client.json("GET", "/api/workspace/history");
    expect(response.status).toBe(200);
    const { events } = (await response.json()) as {
      events: { action: string; actor: { type: string; email?: string }; details: Record<string, unknown> }[];
    };
    expect(
      events.map((event) => [event.action, event.actor.email, event.details.email, event.details.role]),
    ).toEqual([
      ["member.removed", owner.email, member.email, "viewer"],
      ["member.role_changed", owner.email, member.email, "viewer"],
      ["member.joined", member.email, member.email, "editor"],
      ["member.invited", owner.email, member.email, "editor"],
    ]);
  });
});

describe("a member's API keys", () => {
  it("are revoked for good when their maker is demoted or removed: a re-invite never revives them", async () => {
    const owner = await verifiedClient();
    const team = await teamOf(owner);
    const member = await memberOf(owner, team, "editor");
    member.client.workspace = team;
    const { key } = await createApiKey(member.client, "Member's script");
    const create = () =>
      publicApi(key, "POST", "/tests", {
        name: "By key",
        urlA: "https://a.example/",
        urlB: "https://b.example/",
      });
    expect((await create()).status).toBe(201);

    const demote = await owner.client.json("PATCH", `/api/workspaces/${team}/members/${member.userId}`, {
      role: "viewer",
    });
    expect(demote.status).toBe(200);
    expect((await publicApi(key, "GET", "/tests")).status).toBe(401);
    expect((await create()).status).toBe(401);

    // A second key, made as an editor again, goes with the removal, and a re-invite as a viewer brings
    // neither back (before issue #45 the old write key worked again the moment they were re-invited).
    await owner.client.json("PATCH", `/api/workspaces/${team}/members/${member.userId}`, { role: "editor" });
    const second = await createApiKey(member.client, "Member's second script");
    expect(
      (await owner.client.json("DELETE", `/api/workspaces/${team}/members/${member.userId}`)).status,
    ).toBe(200);
    expect((await inviteTo(owner.client, team, member.email, "viewer")).status).toBe(201);
    const token = await invitationToken(member.email, 2);
    expect((await member.client.json("POST", `/api/invitations/${token}/accept`)).status).toBe(200);
    for (const k of [key, second.key]) expect((await publicApi(k, "GET", "/tests")).status).toBe(401);
    expect((await publicApi(key, "GET", "/tests")).status).toBe(401);
  });
});
