// A text only the app shows, beside its screens (contract/messages holds what the API says too).

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
    `Make ${email} the owner of this workspace? You become an editor and can no longer manage members. Your API keys and invitations here are revoked, as for any owner made an editor.`,
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
