// A click keeps its session as the UUID's 16 bytes, not its 36 characters (issue #35, point 1;
// migrations/0036_click_bytes.sql): a pack keeps them as hex with its click and as bytes in its `sessions`
// (0054_click_packs.sql, where the view `clicks` reads them back). Conversions and the rest keep the text.

/** The lower-case UUID text of 16 bytes (an SQL expression). */
const uuidOf = (bytes: string) => {
  const part = (from: number, length?: number) =>
    `substr(hex(${bytes}), ${from}${length ? `, ${length}` : ""})`;
  return `lower(${part(1, 8)} || '-' || ${part(9, 4)} || '-' || ${part(13, 4)} || '-' || ${part(17, 4)} || '-' || ${part(21)})`;
};

/**
 * The stored bytes of the session id `text` (an SQL expression), to compare with clicks.session. NULL,
 * matching no click, unless the text is the UUID of its bytes, the one form the redirect gives out
 * (worker/lib/session-id.ts): the same bytes spelt in capitals or with the dashes elsewhere would
 * otherwise pass for the session, and count its conversion twice under two spellings.
 */
export const sessionBytes = (text: string) =>
  `(CASE WHEN ${uuidOf(`unhex(${text}, '-')`)} = ${text} THEN unhex(${text}, '-') END)`;

/**
 * The same for a session id its caller has checked is in the redirect's form (isSessionId): the queue
 * consumer's clicks (their schema, worker/queue/events.ts) and conversions (writeConversions). The check
 * above, on every event of a batch in each of its statements, took a quarter of the conversion ingest.
 */
export const checkedSessionBytes = (text: string) => `unhex(${text}, '-')`;
