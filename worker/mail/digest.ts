import { DIGEST_MESSAGES } from "../../contract/messages";
import { keepCollectingUntil } from "../../contract/reading";
import { escapeHtml } from "../lib/text";
import type { MailMessage } from "./mailer";

/** What a workspace's week comes to; at least one list has something (else no email). */
export interface WorkspaceDigest {
  workspace: string;
  /** `until`: when its minimum days are up, while they run. */
  running: { name: string; days: number; leader: string | null; until: number | null }[];
  verdicts: { name: string; winner: string | null }[];
  ending: { name: string; endsAt: number }[];
}

const M = DIGEST_MESSAGES;

/** "Wed 26 Nov, 18:00 UTC" */
function when(at: number): string {
  const date = new Date(at);
  const day = date.toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}

/** The sections with something to say, each a heading and its lines. */
function sectionsOf(digest: WorkspaceDigest): [string, string[]][] {
  const sections: [string, string[]][] = [
    [M.verdicts, digest.verdicts.map((test) => M.verdictLine(test.name, test.winner))],
    [
      M.running,
      digest.running.map((test) =>
        [M.runningLine(test.name, test.days, test.leader), test.until && keepCollectingUntil(test.until)]
          .filter(Boolean)
          .join(" "),
      ),
    ],
    [M.ending, digest.ending.map((test) => M.endingLine(test.name, when(test.endsAt)))],
  ];
  return sections.filter(([, lines]) => lines.length > 0);
}

/** The weekly digest of one workspace for one member: plain text and simple HTML with the same words. */
export function digestEmail(
  to: string,
  digest: WorkspaceDigest,
  link: string,
): Omit<MailMessage, "idempotencyKey"> {
  const sections = sectionsOf(digest);
  const text = [
    M.intro(digest.workspace),
    ...sections.map(([title, lines]) => `${title}\n${lines.map((line) => `- ${line}`).join("\n")}`),
    `${M.action}: ${link}`,
    M.outro,
    "— SplitLink",
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(M.intro(digest.workspace))}</p>
${sections
  .map(
    ([title, lines]) =>
      `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(title)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
  )
  .join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(M.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(M.outro)}</p>
<p>— SplitLink</p>
</body></html>`;
  return { to, subject: M.subject(digest.workspace), text, html, link };
}
