import { eventually, ORIGIN } from "./helpers";
import { FAKE_MAIL, type SentMail } from "./mail-fake";

/** What the fake mail provider accepted for an address, oldest first. */
export async function mailsTo(email: string): Promise<SentMail[]> {
  const response = await fetch(`${FAKE_MAIL.origin}/__fake/sent?to=${encodeURIComponent(email)}`);
  return (await response.json()) as SentMail[];
}

/** Waits for the nth email to the address (sent in the background) and answers it. */
export async function nthMailTo(email: string, n = 1): Promise<SentMail> {
  return eventually(async () => (await mailsTo(email))[n - 1]);
}

/** The token of the link to the page in the email's text (the HTML carries the same link). */
export function tokenIn(mail: SentMail, page: "verify-email" | "reset-password"): string {
  const match = mail.text.match(new RegExp(`${ORIGIN}/${page}\\?token=([\\w-]{43})`));
  if (!match?.[1]) throw new Error(`No ${page} link in: ${mail.text}`);
  return match[1];
}

export function failMailTo(email: string, status: number) {
  return fetch(`${FAKE_MAIL.origin}/__fake/failures/${encodeURIComponent(email)}`, {
    method: "PUT",
    body: JSON.stringify({ status }),
  });
}

/** Waits for the nth invitation email to the address and answers it. */
export function invitationMail(email: string, n = 1): Promise<SentMail> {
  return eventually(
    async () => (await mailsTo(email)).filter((mail) => mail.text.includes("/invitations/"))[n - 1],
  );
}

/** The token in the nth invitation email to the address. */
export async function invitationToken(email: string, n = 1): Promise<string> {
  const mail = await invitationMail(email, n);
  const match = mail.text.match(new RegExp(`${ORIGIN}/invitations/([\\w-]{43})`));
  if (!match?.[1]) throw new Error(`No invitation link in: ${mail.text}`);
  return match[1];
}
