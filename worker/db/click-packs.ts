// How clicks are stored (migrations/0054_click_packs.sql, issue #51): many to a row, since D1 bills a
// row written whatever its size.
// - click_packs: every click, one pack per test and clock hour for each write of the shard's writer; a
//   pack's clicks are a JSON array of arrays, in the order of packedClick.
// - click_sessions: each counted click by test and session, with what attribution reads (the segment a
//   conversion counts in too).
// - clicks: a view over the packs, one click a row, for every reader that does not look for a session's
//   clicks. It has the pack's `hour`: a reader narrows to the packs it needs with it before their clicks
//   are unpacked.

export const HOUR_MS = 3_600_000;

/** The most clicks one pack holds (about 1 MB; D1's largest row is 2 MB). */
export const PACK_CLICKS = 10_000;

/**
 * A pack's click, in order: its time as milliseconds into the pack's hour, id, variant, session (the
 * hex of its bytes), is_bot, source, device, os, country, referrer_host, phase, first_of_address_hour,
 * first_of_session. `packedClick` spells it in SQL, from expressions for each.
 */
export const packedClick = (c: {
  timestamp: string;
  hour: string;
  id: string;
  variant: string;
  session: string;
  isBot: string;
  source: string;
  device: string;
  os: string;
  country: string;
  referrer: string;
  phase: string;
  firstOfAddressHour: string;
  firstOfSession: string;
}) =>
  `json_array(${c.timestamp} - ${c.hour}, ${c.id}, ${c.variant}, lower(hex(${c.session})), ${c.isBot}, ${c.source}, ${c.device}, ${c.os}, ${c.country}, ${c.referrer}, ${c.phase}, ${c.firstOfAddressHour}, ${c.firstOfSession})`;

/**
 * The segment of the first counted click of the session of `bytes` in test `test` (SQL expressions), as
 * a JSON object of device, os, country and referrer (`blanks`: none null).
 */
export const firstClickSegment = (test: string, bytes: string, blanks = false) => {
  const value = (column: string) => (blanks ? `coalesce(${column}, '')` : column);
  return `(SELECT json_object('device', ${value("device")}, 'os', ${value("os")}, 'country', ${value("country")},
                         'referrer', ${value("referrer_host")})
    FROM click_sessions WHERE split_test_id = ${test} AND session = ${bytes} ORDER BY timestamp LIMIT 1)`;
};
