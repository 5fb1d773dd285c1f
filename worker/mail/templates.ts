import type { Variant } from "../../contract/api";
import { ACCOUNT_MESSAGES, END_MESSAGES, MEMBER_MESSAGES } from "../../contract/messages";
import { withoutUnsafeCharacters } from "../../contract/names";
import type { EndReason, EndResult } from "../../contract/schedule";
import type { Role } from "../../contract/workspaces";
import { escapeHtml } from "../lib/text";
import type { MailMessage } from "./mailer";

// The emails SplitLink sends: a plain-text part and a simple HTML part with the same words and link.

function compose(
  to: string,
  subject: string,
  lines: { intro: string; action: string; outro: string },
  link: string,
): Omit<MailMessage, "idempotencyKey"> {
  const text = `${lines.intro}\n\n${lines.action}: ${link}\n\n${lines.outro}\n\n— SplitLink`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(lines.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(lines.action)}</a></p>
<p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(lines.outro)}</p>
<p>— SplitLink</p>
</body></html>`;
  // Names in a subject (a workspace's, a test's) may predate the check of their characters.
  return { to, subject: withoutUnsafeCharacters(subject), text, html, link };
}

export function verificationEmail(to: string, link: string) {
  return compose(
    to,
    "Verify your email for SplitLink",
    {
      intro: "Welcome to SplitLink! Please confirm that this is your email address.",
      action: "Verify email",
      outro: "The link is valid for 24 hours and works once. If you did not sign up, ignore this email.",
    },
    link,
  );
}

/** Sign-up with an email that already has an account: the answer did not say so, this email does. */
export function accountExistsEmail(to: string, loginLink: string) {
  return compose(
    to,
    "You already have a SplitLink account",
    {
      intro:
        "Someone (hopefully you) tried to sign up for SplitLink with this email address, which already has an account.",
      action: "Log in",
      outro:
        "Forgot your password? Choose 'Forgot password?' on the login page. If it was not you, ignore this email: nothing has changed.",
    },
    loginLink,
  );
}

export function passwordResetEmail(to: string, link: string) {
  return compose(
    to,
    "Reset your SplitLink password",
    {
      intro: "Someone (hopefully you) asked to reset the password of your SplitLink account.",
      action: "Set a new password",
      outro: `The link is valid for 1 hour and works once. ${ACCOUNT_MESSAGES.resetRevokes} If you did not ask for it, ignore this email: your password and keys stay as they are.`,
    },
    link,
  );
}

/** The test an alert is about, and where its page is. */
export interface AlertedTest {
  name: string;
  link: string;
}

const ALERT_OUTRO =
  "You get each kind of alert once per test. Choose which alerts you get in Settings, under Email alerts.";

/** `winnerName`: the version's optional name, said beside its letter. */
export function verdictAlertEmail(to: string, test: AlertedTest, winner: Variant, winnerName: string | null) {
  const against = winner === "A" ? "every other version" : "version A (the control)";
  const named = winnerName ? ` (${winnerName})` : "";
  return compose(
    to,
    `Version ${winner} wins: ${test.name}`,
    {
      intro: `Your split test "${test.name}" has a clear winner: version ${winner}${named} converts better than ${against}. The verdict holds however often you looked at the results.`,
      action: "Open the test",
      outro: ALERT_OUTRO,
    },
    test.link,
  );
}

/** `winnerName`: the promoted version's optional name, said beside its letter. */
export function completedAlertEmail(
  to: string,
  test: AlertedTest,
  endedBy: EndReason,
  result: EndResult,
  winner: Variant | null,
  winnerName: string | null,
) {
  const named = winnerName ? ` (${winnerName})` : "";
  const did =
    result === "promoted"
      ? END_MESSAGES.result.promoted(`${winner ?? "A"}${named}`)
      : END_MESSAGES.result[result];
  return compose(
    to,
    `Your test has ended: ${test.name}`,
    {
      intro: `Your split test "${test.name}" has ended. ${END_MESSAGES.reason[endedBy]} ${did} Its results are frozen.`,
      action: "See the results",
      outro: ALERT_OUTRO,
    },
    test.link,
  );
}

export function srmAlertEmail(to: string, test: AlertedTest, pValue: number) {
  return compose(
    to,
    `Check your test: visitors are not split as set: ${test.name}`,
    {
      intro: `The visitors of your split test "${test.name}" are not split the way its weights say (sample-ratio mismatch, p = ${pValue.toPrecision(2)}). Something may send some visitors to one version only, such as a cached page, a redirect of your own, or bots. Until you find the cause, its results may be biased.`,
      action: "Open the test",
      outro: ALERT_OUTRO,
    },
    test.link,
  );
}

/** An invitation to a workspace; `role` as the app names it (owner, editor, viewer). */
export function invitationEmail(
  to: string,
  invitation: { inviter: string; workspace: string; role: Role; link: string },
) {
  const role = MEMBER_MESSAGES.roleNames[invitation.role].toLowerCase();
  return compose(
    to,
    `${invitation.inviter} invited you to "${invitation.workspace}" on SplitLink`,
    {
      intro: `${invitation.inviter} invited you to join the workspace "${invitation.workspace}" on SplitLink as ${role} (${MEMBER_MESSAGES.roleHints[invitation.role].toLowerCase()}).`,
      action: "Open the invitation",
      outro:
        "The link is valid for 7 days. Log in or sign up with this email address to accept it. If you do not know the sender, ignore this email.",
    },
    invitation.link,
  );
}
