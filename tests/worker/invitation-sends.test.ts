import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MEMBER_MESSAGES } from "../../contract/messages";
import { INVITATION_SEND_LIMITS } from "../../contract/quotas";
import { type Client, errorOf, uniqueEmail } from "./helpers";
import { invitationToken, mailsTo } from "./mail-helpers";
import { seedUser, seedWorkspace } from "./seed";

// Email no one can abuse (issue #45, point 5): who may make SplitLink send an invitation, and how many.

function inviteTo(client: Client, workspaceId: string, email = uniqueEmail("invitee")) {
  return client.json("POST", `/api/workspaces/${workspaceId}/invitations`, { email, role: "viewer" });
}

async function inviteMany(client: Client, workspaceId: string, n: number) {
  for (let i = 0; i < n; i++) expect((await inviteTo(client, workspaceId)).status).toBe(201);
}

/** Moves the workspace's recorded sends back in time, as if they had gone out `ms` earlier. */
async function age(workspaceId: string, ms: number) {
  await env.DB.prepare("UPDATE history_events SET at = at - ? WHERE workspace_id = ?")
    .bind(ms, workspaceId)
    .run();
}

const MINUTE = 60 * 1000;

describe("an unverified account", () => {
  it("cannot invite (403 email_unverified, saying how to verify) and no email goes out; once verified it can", async () => {
    const owner = await seedUser({ verified: false });
    const team = await seedWorkspace(owner.userId);
    const invitee = uniqueEmail("invitee");
    const refused = await inviteTo(owner.client, team, invitee);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: "email_unverified",
      message: MEMBER_MESSAGES.verifyToInvite,
    });
    expect(MEMBER_MESSAGES.verifyToInvite).toMatch(/verify your email/i);
    expect(await mailsTo(invitee)).toEqual([]);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM invitations WHERE workspace_id = ?")
      .bind(team)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);

    await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?")
      .bind(Date.now(), owner.userId)
      .run();
    expect((await inviteTo(owner.client, team, invitee)).status).toBe(201);
  });

  it("cannot resend an invitation either", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    const sent = await inviteTo(owner.client, team);
    const { invitation } = (await sent.json()) as { invitation: { id: string } };
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(owner.userId).run();
    const resent = await owner.client.json(
      "POST",
      `/api/workspaces/${team}/invitations/${invitation.id}/resend`,
    );
    expect(resent.status).toBe(403);
    expect((await errorOf(resent)).code).toBe("email_unverified");
  });
});

describe("an accepted invitation", () => {
  it("proves the invitee's email: an unverified invitee who accepts may invite in turn", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    const invitee = await seedUser({ verified: false });
    expect(
      (
        await invitee.client.json("POST", `/api/workspaces/${invitee.userId}/invitations`, {
          email: uniqueEmail(),
          role: "viewer",
        })
      ).status,
    ).toBe(403);
    expect((await inviteTo(owner.client, team, invitee.email)).status).toBe(201);
    const token = await invitationToken(invitee.email);
    expect((await invitee.client.json("POST", `/api/invitations/${token}/accept`)).status).toBe(200);
    expect((await inviteTo(invitee.client, invitee.userId)).status).toBe(201);
  });
});

describe("invitation sends", () => {
  const { perWorkspacePerHour, perInviterPerDay } = INVITATION_SEND_LIMITS;

  it("a workspace sends at most 20 an hour, resends counting; 429 with Retry-After until the oldest leaves the hour", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    await inviteMany(owner.client, team, perWorkspacePerHour - 2);
    const last = await inviteTo(owner.client, team);
    const { invitation } = (await last.json()) as { invitation: { id: string } };
    // A resend is one more email: it counts, and is refused past the limit like a new one.
    await age(team, 50 * MINUTE);
    const resend = () =>
      owner.client.json("POST", `/api/workspaces/${team}/invitations/${invitation.id}/resend`);
    expect((await resend()).status).toBe(200);

    const refused = await inviteTo(owner.client, team);
    expect(refused.status).toBe(429);
    const error = await errorOf(refused);
    expect(error.code).toBe("rate_limited");
    // The oldest send went out 50 minutes ago: one frees up in 10 minutes.
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(error.message).toBe(MEMBER_MESSAGES.workspaceInvitationsPerHour(perWorkspacePerHour, 10));
    expect((await resend()).status).toBe(429);

    // Another owner of the same workspace is refused too: the hour is the workspace's.
    const coOwner = await seedUser();
    await env.DB.prepare(
      "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'owner', ?)",
    )
      .bind(team, coOwner.userId, Date.now())
      .run();
    expect((await inviteTo(coOwner.client, team)).status).toBe(429);

    // An hour after the sends, the workspace may send again.
    await age(team, 11 * MINUTE);
    expect((await inviteTo(owner.client, team)).status).toBe(201);
  });

  it("an inviter sends at most 50 a day across their workspaces", async () => {
    const owner = await seedUser();
    const [first, second, third] = [
      await seedWorkspace(owner.userId, "First"),
      await seedWorkspace(owner.userId, "Second"),
      await seedWorkspace(owner.userId, "Third"),
    ];
    await inviteMany(owner.client, first, perWorkspacePerHour);
    await age(first, 2 * 60 * MINUTE);
    await inviteMany(owner.client, second, perWorkspacePerHour);
    await inviteMany(owner.client, third, perInviterPerDay - 2 * perWorkspacePerHour);

    const refused = await inviteTo(owner.client, third);
    expect(refused.status).toBe(429);
    // The first sends went out two hours ago: one frees up 22 hours from now.
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(22 * 60 * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(22 * 60 * 60);
    expect((await errorOf(refused)).message).toBe(
      MEMBER_MESSAGES.inviterInvitationsPerDay(perInviterPerDay, 22 * 60),
    );

    // Another owner of the third workspace is still free to invite: the day is the inviter's.
    const coOwner = await seedUser();
    await env.DB.prepare(
      "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'owner', ?)",
    )
      .bind(third, coOwner.userId, Date.now())
      .run();
    expect((await inviteTo(coOwner.client, third)).status).toBe(201);
  });
});
