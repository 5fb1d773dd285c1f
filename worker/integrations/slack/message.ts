import type { KnownBlock } from "@slack/types";
import { SLACK_MESSAGES } from "../../../contract/messages";

// The message an alert posts to Slack, in Block Kit: a header, a section with the details as fields,
// and a button to the test. The texts come made (./alert.ts, from contract/reading.ts and
// contract/messages/); this only lays them out, and escapes what Slack would read as markup.

/** An alert's texts, as they will read in the channel. */
export interface SlackAlertText {
  /** The `text` fallback of notifications and old clients. */
  fallback: string;
  header: string;
  /** The section's sentence. */
  summary: string;
  fields: { label: string; value: string }[];
  /** The test's page. */
  link: string;
}

/** Block Kit's limits on a text's length: a header's, a section's, and each of a section's fields. */
export const BLOCK_KIT_LIMITS = { header: 150, section: 3000, field: 2000 } as const;

/** The text cut to `max` characters with an ellipsis, never in the middle of an entity of escapeMrkdwn. */
function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/&[a-z]*$/, "")}…`;
}

/**
 * Slack's escaping for text it parses (mrkdwn, and the fallback `text`): `&`, `<` and `>` become
 * entities, so a test named `<!channel>` cannot ping the channel or make a link.
 */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The incoming webhook's JSON body for an alert. */
export function slackAlertBody(alert: SlackAlertText): string {
  const blocks: KnownBlock[] = [
    // plain_text is never parsed for mentions or links: it is shown as written.
    { type: "header", text: { type: "plain_text", text: cutTo(alert.header, BLOCK_KIT_LIMITS.header) } },
    {
      type: "section",
      text: { type: "mrkdwn", text: cutTo(escapeMrkdwn(alert.summary), BLOCK_KIT_LIMITS.section) },
      ...(alert.fields.length > 0
        ? {
            fields: alert.fields.map(({ label, value }) => ({
              type: "mrkdwn" as const,
              text: cutTo(`*${escapeMrkdwn(label)}*\n${escapeMrkdwn(value)}`, BLOCK_KIT_LIMITS.field),
            })),
          }
        : {}),
    },
    {
      type: "actions",
      elements: [
        { type: "button", text: { type: "plain_text", text: SLACK_MESSAGES.openTest }, url: alert.link },
      ],
    },
  ];
  return JSON.stringify({ text: escapeMrkdwn(alert.fallback), blocks });
}

/** "Send a test message": one plain section, so the marketer sees the channel receive. */
export function slackTestBody(): string {
  const blocks: KnownBlock[] = [
    { type: "section", text: { type: "mrkdwn", text: SLACK_MESSAGES.testMessage } },
  ];
  return JSON.stringify({ text: SLACK_MESSAGES.testMessage, blocks });
}
