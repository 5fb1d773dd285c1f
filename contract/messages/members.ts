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

/** A webhook endpoint, Slack or a Stripe secret that stopped with its member (issue #45; web only). */
export const TURNED_OFF_MESSAGES = {
  webhook:
    "Turned off: the member who added this endpoint was removed or can no longer add endpoints. Nothing is sent to it.",
  slack:
    "Turned off: the member who connected Slack was removed or can no longer connect it. No alert is sent.",
  turnOn: "Turn back on",
  turnedOn: "Turned back on",
  failed: "That did not work. Please try again.",
  ownerOnly: "An owner can turn it back on.",
} as const;

/** The Members section and the invitation page (web only: the Worker bundle stays without them). */
export const MEMBER_SCREEN_MESSAGES = {
  membersTitle: "Members",
  membersIntro: "People who can open this workspace, and what each may do.",
  membersReadOnly: "Only an owner can invite people or change roles.",
  you: "you",
  invitationsTitle: "Pending invitations",
  noInvitations: "No pending invitations.",
  inviteTitle: "Invite someone",
  inviteButton: "Send invitation",
  invited: (email: string) => `Invitation sent to ${email}`,
  expiresOn: (date: string) => `Expires ${date}`,
  resend: "Resend",
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoke: "Revoke",
  revoked: "Invitation revoked",
  revokeConfirm: (email: string) => `Revoke the invitation to ${email}? The link in the email stops working.`,
  roleChanged: (email: string) => `${email} is now`,
  remove: "Remove",
  removeConfirm: (email: string) => `Remove ${email} from this workspace? They lose access at once.`,
  removed: (email: string) => `${email} was removed`,
  // What the removal ends (issue #45): listed in the remove dialog before it is confirmed.
  reachLoading: "Checking what they set up…",
  reachNothing: "They set up nothing that their removal stops.",
  reachKeys: "Their API keys here are revoked for good:",
  reachInvitations: "Their pending invitations are revoked:",
  reachWebhooks: "Their webhook endpoints are turned off (an owner can turn each back on):",
  reachSlack: "The Slack connection they set up is turned off (an owner can turn it back on).",
  reachStripe:
    "Stripe events stop counting until an owner rolls the signing secret they pasted (in Stripe) and pastes the new one.",
  reachShareLinks: "Share links they made stay (they belong to the workspace):",
  transfer: "Make owner",
  transferConfirm: (email: string) =>
    `Make ${email} the owner of this workspace? You become an editor and can no longer manage members.`,
  transferred: (email: string) => `${email} is now the owner`,
  leave: "Leave workspace",
  leaveConfirm: "Leave this workspace? You lose access to its tests at once.",
  left: "You left the workspace",
  actionFailed: "That did not work. Please try again.",
  loadFailed: "Failed to load the members",
  // The invitation page
  invitationTitle: "Invitation",
  invitedBy: (inviter: string, workspace: string, role: string) =>
    `${inviter} invited you to the workspace "${workspace}" as ${role}.`,
  invitedAnonymous: (workspace: string, role: string) =>
    `You are invited to the workspace "${workspace}" as ${role}.`,
  accept: "Accept",
  decline: "Decline",
  acceptedToast: (workspace: string) => `You joined "${workspace}"`,
  declinedText: "You declined the invitation.",
  signInToAccept: "Log in or sign up with the invited email address to accept.",
} as const;
