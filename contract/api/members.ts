import * as z from "zod";
import { MEMBER_MESSAGES } from "../messages";
import { API_KEY_SCOPES, ROLES } from "../workspaces";
import { emailField } from "./auth";

// A workspace's members and its invitations by email, from the app (cookie session). Workspaces: ./workspaces.ts.

const roleField = z.enum(ROLES, { error: MEMBER_MESSAGES.roleRequired });

/** POST /api/workspaces/:id/invitations */
export const inviteSchema = z.object(
  {
    email: z
      .string({ error: MEMBER_MESSAGES.emailRequired })
      .trim()
      .min(1, MEMBER_MESSAGES.emailRequired)
      .pipe(emailField),
    role: roleField,
  },
  { error: MEMBER_MESSAGES.emailRequired },
);
export type InviteInput = z.input<typeof inviteSchema>;

/** PATCH /api/workspaces/:id/members/:userId */
export const memberRoleSchema = z.object({ role: roleField }, { error: MEMBER_MESSAGES.roleRequired });
export type MemberRoleInput = z.input<typeof memberRoleSchema>;

/** POST /api/workspaces/:id/transfer */
export const transferSchema = z.object(
  { userId: z.string({ error: MEMBER_MESSAGES.transferTargetRequired }).min(1).max(64) },
  { error: MEMBER_MESSAGES.transferTargetRequired },
);
export type TransferInput = z.input<typeof transferSchema>;

/** Where an invitation stands; only a pending one can be accepted, declined, resent or revoked. */
export const INVITATION_STATES = ["pending", "expired", "revoked", "accepted", "declined"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  const member = z.object({
    userId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    joinedAt: z.number(),
  });
  /** An invitation as its workspace's owners see it: never the token, which only the email carries. */
  const invitation = z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    /** Who sent it; null once their account is gone. */
    invitedBy: z.string().nullable(),
    createdAt: z.number(),
    expiresAt: z.number(),
    state: z.enum(INVITATION_STATES),
  });
  return {
    member,
    invitation,
    /** GET /api/workspaces/:id/members: owners first, then by when they joined. */
    members: z.object({ members: z.array(member) }),
    /** PATCH /api/workspaces/:id/members/:userId */
    memberOne: z.object({ member }),
    /** GET /api/workspaces/:id/invitations: the pending ones, newest first. */
    invitations: z.object({ invitations: z.array(invitation) }),
    /** POST /api/workspaces/:id/invitations (201), POST …/resend */
    invitationOne: z.object({ invitation }),
    /** GET /api/invitations/:token: what the invitee sees before accepting. */
    invitationView: z.object({
      invitation: z.object({
        workspaceId: z.string(),
        workspaceName: z.string(),
        inviterEmail: z.string().nullable(),
        email: z.string(),
        role: z.enum(ROLES),
        expiresAt: z.number(),
        state: z.enum(INVITATION_STATES),
      }),
    }),
    /** POST /api/invitations/:token/accept: the workspace joined. */
    accepted: z.object({ workspaceId: z.string(), role: z.enum(ROLES) }),
    /**
     * GET /api/workspaces/:id/members/:userId/reach: what the member set up there, which the remove
     * dialog lists before it is confirmed. Removing them revokes the keys and invitations and disables
     * the webhook endpoints, the Slack connection and the Stripe secret; the share links stay.
     */
    reach: z.object({
      reach: z.object({
        apiKeys: z.array(
          z.object({ id: z.string(), name: z.string(), prefix: z.string(), scope: z.enum(API_KEY_SCOPES) }),
        ),
        invitations: z.array(z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES) })),
        webhooks: z.array(z.object({ id: z.string(), url: z.string() })),
        slack: z.boolean(),
        stripeSecret: z.boolean(),
        shareLinks: z.array(z.object({ testId: z.string(), testName: z.string() })),
      }),
    }),
  };
}
type Answers = ReturnType<typeof answers>;
export type Member = z.output<Answers["member"]>;
export type Invitation = z.output<Answers["invitation"]>;
export type MemberListResponse = z.output<Answers["members"]>;
export type MemberResponse = z.output<Answers["memberOne"]>;
export type InvitationListResponse = z.output<Answers["invitations"]>;
export type InvitationResponse = z.output<Answers["invitationOne"]>;
export type InvitationViewResponse = z.output<Answers["invitationView"]>;
export type InvitationView = InvitationViewResponse["invitation"];
export type AcceptedInvitationResponse = z.output<Answers["accepted"]>;
export type MemberReachResponse = z.output<Answers["reach"]>;
export type MemberReach = MemberReachResponse["reach"];
