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

/** Block Kit's limit on a header's text. */
const HEADER_MAX = 150;

/**
 * Slack's escaping for text it parses (mrkdwn, and the fallback `text`): `&`, `<` and `>` become
 * entities, so a test named `<!channel>` cannot ping the channel or make a link.
 */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The incoming webhook's JSON body for an alert. */
export function slackAlertBody(alert: SlackAlertText): string {
  const header =
    alert.header.length > HEADER_MAX ? `${alert.header.slice(0, HEADER_MAX - 1)}…` : alert.header;
  return JSON.stringify({
    text: escapeMrkdwn(alert.fallback),
    blocks: [
      // plain_text is never parsed for mentions or links: it is shown as written.
      { type: "header", text: { type: "plain_text", text: header } },
      {
        type: "section",
        text: { type: "mrkdwn", text: escapeMrkdwn(alert.summary) },
        ...(alert.fields.length > 0
          ? {
              fields: alert.fields.map(({ label, value }) => ({
                type: "mrkdwn",
                text: `*${escapeMrkdwn(label)}*\n${escapeMrkdwn(value)}`,
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
    ],
  });
}

/** "Send a test message": one plain section, so the marketer sees the channel receive. */
export function slackTestBody(): string {
  return JSON.stringify({
    text: SLACK_MESSAGES.testMessage,
    blocks: [{ type: "section", text: { type: "mrkdwn", text: SLACK_MESSAGES.testMessage } }],
  });
}
