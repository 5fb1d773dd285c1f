// A click keeps its session as the UUID's 16 bytes, not its 36 characters (issue #35, point 1;
// migrations/0036_click_bytes.sql): a pack keeps them as hex with its click and as bytes in its `sessions`
// (0054_click_packs.sql, where the view `clicks` reads them back). Conversions and the rest keep the text.

/**
 * The stored bytes of the session id `text` (an SQL expression), to compare with a click's. Only for an
 * id its caller has checked is in the redirect's form (isSessionId, worker/lib/session-id.ts): the same
 * bytes spelt in capitals or with the dashes elsewhere would otherwise pass for the session, and count
 * its conversion twice under two spellings. The queue consumer's events are checked by their schema
 * (worker/queue/events.ts), the server-side API and Stripe's sessions before their statements.
 */
export const checkedSessionBytes = (text: string) => `unhex(${text}, '-')`;
