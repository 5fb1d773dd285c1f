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

/**
 * How far a click's time may fall before its session was made, by the clocks of the machines that made
 * them: a session is made in one redirect and its clicks are timed in others.
 */
const SESSION_CLOCK_MARGIN_MS = 600_000;
const HEX_DIGITS = "'0123456789ABCDEF'";

/**
 * The earliest time a click of the session of `bytes` (an SQL expression of its 16 bytes) can have: the
 * redirect's session ids are UUIDv7s (timeOrderedUuid, worker/lib/ids.ts), and a session has no click
 * from before it was made, so this is the time its first 48 bits give less the clocks' margin; 0 for an
 * id of version 4 (made before them, random), looked up whole. Only for bytes of an id its caller has
 * checked, as above: an id no redirect made has no click, whatever it says.
 */
export const sessionMadeSince = (bytes: string) => {
  // Each hex digit times its place, added as a balanced tree: D1 refuses an expression over 100 deep.
  const digits = Array.from(
    { length: 12 },
    (_, i) => `(instr(${HEX_DIGITS}, substr(h, ${i + 1}, 1)) - 1) * ${16 ** (11 - i)}`,
  );
  const sum = (terms: string[]): string =>
    terms.length === 1
      ? (terms[0] ?? "0")
      : `(${sum(terms.slice(0, terms.length >> 1))} + ${sum(terms.slice(terms.length >> 1))})`;
  return `(SELECT CASE WHEN substr(h, 13, 1) = '7' THEN ${sum(digits)} - ${SESSION_CLOCK_MARGIN_MS} ELSE 0 END
    FROM (SELECT hex(${bytes}) AS h))`;
};
