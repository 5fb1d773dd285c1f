import { Hono } from "hono";
import type {
  AcceptedInvitationResponse,
  DeletedResponse,
  InvitationListResponse,
  InvitationResponse,
  InvitationViewResponse,
  MemberListResponse,
  MemberReachResponse,
  MemberResponse,
} from "../../contract/api";
import { inviteSchema, memberRoleSchema, transferSchema } from "../../contract/api/members";
import { MEMBER_MESSAGES } from "../../contract/messages";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { emailOrigin } from "../lib/links";
import { assertRecentPassword, requireRecentPassword } from "../middleware/require-recent-password";
import { liveSessionOf, requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import {
  acceptInvitation,
  changeMemberRole,
  declineInvitation,
  invite,
  listInvitations,
  listMembers,
  memberReach,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  viewInvitation,
} from "../services/members";
import { trafficMembersChanged } from "../services/traffic-rules";

// The workspace comes from the path, not the SplitLink-Workspace header: the services check the
// caller's membership in it (404 for a stranger, 403 for a non-owner's change).

const deleted: DeletedResponse = { ok: true };

/** /api/workspaces/:id/{members,invitations,transfer} */
export const workspaceMemberRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:id/members", async (c) => {
    const members = await listMembers(getDb(c.env.DB), c.req.param("id"), c.get("user"));
    return c.json({ members } satisfies MemberListResponse, 200);
  })
  .patch("/:id/members/:userId", requireRecentPassword, validate("json", memberRoleSchema), async (c) => {
    const { id, userId } = c.req.param();
    const member = await changeMemberRole(
      getDb(c.env.DB),
      id,
      c.get("user"),
      userId,
      c.req.valid("json").role,
    );
    return c.json({ member } satisfies MemberResponse, 200);
  })
  .get("/:id/members/:userId/reach", async (c) => {
    const { id, userId } = c.req.param();
    const reach = await memberReach(getDb(c.env.DB), id, c.get("user"), userId);
    return c.json({ reach } satisfies MemberReachResponse, 200);
  })
  .delete("/:id/members/:userId", async (c) => {
    const { id, userId } = c.req.param();
    // Removing someone else ends their access and disables what they set up: more than a role change.
    if (userId !== c.get("user").id) await assertRecentPassword(c);
    await removeMember(getDb(c.env.DB), id, c.get("user"), userId);
    await trafficMembersChanged(c.env, id);
    return c.json(deleted, 200);
  })
  .post("/:id/transfer", requireRecentPassword, validate("json", transferSchema), async (c) => {
    await transferOwnership(getDb(c.env.DB), c.req.param("id"), c.get("user"), c.req.valid("json").userId);
    const members = await listMembers(getDb(c.env.DB), c.req.param("id"), c.get("user"));
    return c.json({ members } satisfies MemberListResponse, 200);
  })
  .get("/:id/invitations", async (c) => {
    const invitations = await listInvitations(getDb(c.env.DB), c.req.param("id"), c.get("user"));
    return c.json({ invitations } satisfies InvitationListResponse, 200);
  })
  .post("/:id/invitations", validate("json", inviteSchema), async (c) => {
    const input = c.req.valid("json");
    const db = getDb(c.env.DB);
    const origin = emailOrigin(c.req.url, c.env);
    const invitation = await invite(c.env, db, c.req.param("id"), c.get("user"), input, origin);
    return c.json({ invitation } satisfies InvitationResponse, 201);
  })
  .post("/:id/invitations/:invitationId/resend", async (c) => {
    const { id, invitationId } = c.req.param();
    const db = getDb(c.env.DB);
    const origin = emailOrigin(c.req.url, c.env);
    const invitation = await resendInvitation(c.env, db, id, c.get("user"), invitationId, origin);
    return c.json({ invitation } satisfies InvitationResponse, 200);
  })
  .delete("/:id/invitations/:invitationId", async (c) => {
    const { id, invitationId } = c.req.param();
    await revokeInvitation(getDb(c.env.DB), id, c.get("user"), invitationId);
    return c.json(deleted, 200);
  });

/** A token longer than any we issue names no invitation: answered at once, without a query. */
function tokenOf(token: string): string {
  if (token.length > 100) throw new ApiError("not_found", MEMBER_MESSAGES.invitationUnknown);
  return token;
}

/** /api/invitations/:token: the invitee's side, from the emailed link. */
export const invitationRoutes = new Hono<AppEnv>()
  // Signed out too: the page names the workspace, the inviter and the role before anyone signs up.
  .get("/:token", async (c) => {
    const caller = (await liveSessionOf(c))?.user ?? null;
    const invitation = await viewInvitation(getDb(c.env.DB), tokenOf(c.req.param("token")), caller);
    return c.json({ invitation } satisfies InvitationViewResponse, 200);
  })
  .use(requireUser)
  .post("/:token/accept", async (c) => {
    const joined = await acceptInvitation(getDb(c.env.DB), tokenOf(c.req.param("token")), c.get("user"));
    await trafficMembersChanged(c.env, joined.workspaceId);
    return c.json(joined satisfies AcceptedInvitationResponse, 200);
  })
  .post("/:token/decline", async (c) => {
    await declineInvitation(getDb(c.env.DB), tokenOf(c.req.param("token")), c.get("user"));
    return c.json(deleted, 200);
  });
