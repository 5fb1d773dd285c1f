import { ACCOUNT_MESSAGES } from "../../contract/messages";
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
  return { to, subject, text, html, link };
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
