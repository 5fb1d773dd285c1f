// The share dialog and the weekly digest switch (issue #34). Only the app shows these: they stay out
// of the Worker's bundle (the report page's and the digest email's texts are in messages/).

export const SHARE_DIALOG_MESSAGES = {
  button: "Share results",
  title: "Share the results",
  description:
    "Anyone with this link sees this test's results, read-only: the recommendation, the lift, each version's numbers and the chart. No visitor data and no emails. It is not listed by search engines.",
  create: "Create a link",
  creating: "Creating…",
  revoke: "Revoke link",
  revoking: "Revoking…",
  revokeConfirm: "Revoke this link? Whoever has it can no longer open the report.",
  none: "No link yet. Create one to share this test's results.",
  created: "Report link created",
  revoked: "Report link revoked: it no longer opens.",
  loadFailed: "Failed to load the report link",
  createFailed: "Failed to create the report link",
  revokeFailed: "Failed to revoke the report link",
  copied: "Report link copied to clipboard",
  linkLabel: "Report link",
  copy: "Copy report link",
} as const;

export const DIGEST_SETTING_MESSAGES = {
  title: "Weekly digest",
  description:
    "Every Monday, one email about this workspace: tests running, verdicts reached and tests ending within the week. None when there is nothing to say.",
  toggle: "Email me the weekly digest of this workspace",
  saved: "Weekly digest setting saved",
  loadFailed: "Failed to load your weekly digest setting",
  saveFailed: "Failed to save your weekly digest setting",
} as const;
