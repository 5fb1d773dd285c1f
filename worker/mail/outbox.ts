import type { Mailer, MailMessage } from "./mailer";

// The local outbox: with no mail provider, local runs keep messages here (and print them) so a developer,
// or a browser test, can follow their links. Kept in the KV namespace under outbox:, for an hour.

const PREFIX = "outbox:";
const KEEP_SECONDS = 60 * 60;
const LISTED = 20;
// Keys sort newest first: KV lists keys in lexicographic order.
const LATEST = 10 ** 13;

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  sentAt: number;
}

/** Only an explicit DEV_OUTBOX=true, which `npm start` writes into .dev.vars, turns the outbox on. */
export function outboxEnabled(env: Env): boolean {
  return (env as { DEV_OUTBOX?: string }).DEV_OUTBOX === "true";
}

export function outboxMailer(kv: KVNamespace): Mailer {
  return {
    async send(message: MailMessage) {
      const entry: OutboxEntry = {
        id: crypto.randomUUID(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        link: message.link,
        sentAt: Date.now(),
      };
      console.log(`[outbox] To: ${entry.to} | ${entry.subject} | ${entry.link}`);
      const key = `${PREFIX}${String(LATEST - entry.sentAt).padStart(13, "0")}:${entry.id}`;
      await kv.put(key, JSON.stringify(entry), { expirationTtl: KEEP_SECONDS });
    },
  };
}

/** The latest messages, newest first. */
export async function latestOutbox(kv: KVNamespace): Promise<OutboxEntry[]> {
  const { keys } = await kv.list({ prefix: PREFIX, limit: LISTED });
  const entries = await Promise.all(keys.map((key) => kv.get<OutboxEntry>(key.name, "json")));
  return entries.filter((entry): entry is OutboxEntry => entry !== null);
}
