export const MEMBER_MESSAGES = {
  // Inputs
  emailRequired: "Please enter the email address to invite",
  roleRequired: "Please choose a role: owner, editor or viewer",
  transferTargetRequired: "Please choose the member who becomes the owner",
  // Who may do what
  memberNotFound: "This person is not a member of this workspace.",
  invitationNotFound: "Invitation not found. It may have been revoked.",
  // Rules
  alreadyMember: "This person is already a member of this workspace.",
  alreadyInvited: "This email already has a pending invitation. Resend it instead.",
  tooManyMembers: (max: number) => `A workspace can have at most ${max} members.`,
  lastOwner: "A workspace needs an owner. Make another member owner first.",
  personalCannotLeave: "You cannot leave your personal workspace.",
  personalOwnerStays: "The personal workspace's owner stays its owner.",
  transferToSelf: "You are already the owner. Choose another member.",
  // Email no one can abuse (issue #45)
  verifyToInvite:
    "Please verify your email address before inviting anyone: follow the link in the email we sent you, or send a new one.",
  workspaceInvitationsPerHour: (max: number, retryMinutes: number) =>
    `This workspace has sent ${max} invitations in the last hour. You can send another in ${retryMinutes} minute${retryMinutes === 1 ? "" : "s"}.`,
  inviterInvitationsPerDay: (max: number, retryMinutes: number) =>
    `You have sent ${max} invitations in the last 24 hours. You can send another in ${retryMinutes} minute${retryMinutes === 1 ? "" : "s"}.`,
  // The invitation link
  invitationGone: {
    expired: "This invitation has expired. Ask the workspace's owner to send a new one.",
    revoked: "This invitation was revoked. Ask the workspace's owner for a new one.",
    accepted: "This invitation has already been accepted.",
    declined: "This invitation was declined. Ask the workspace's owner for a new one.",
  },
  invitationUnknown: "This invitation link is not valid. It may have been replaced by a newer one.",
  wrongInvitee:
    "This invitation was sent to another email address. Log in with the address it was sent to, then open the link again.",
  // Roles, as the email and the screens name them
  roleNames: { owner: "Owner", editor: "Editor", viewer: "Viewer" },
  roleHints: {
    owner: "Everything, including members and deleting the workspace",
    editor: "Tests, domains, API keys and webhooks",
    viewer: "Reads results and exports, changes nothing",
  },
} as const;
