// How clicks are stored (migrations/0054_click_packs.sql, issue #51): many to a row, since D1 bills a
// row written whatever its size.
// - click_packs: every click, one pack per test and clock hour for each write of the shard's writer; a
//   pack's clicks are a JSON array of arrays, in the order of packedClick, and `sessions` the bytes of
//   its counted clicks' sessions one after another.
// - clicks: a view over the packs, one click a row, with its pack's `hour` and `sessions`: a reader
//   narrows to the packs it needs with them before their clicks are unpacked.

export const HOUR_MS = 3_600_000;

/**
 * The most clicks one pack holds (some 25 KB): a session's lookup unpacks the packs that hold it, so a
 * small pack keeps that short; a write of more makes more packs, still a row for many clicks.
 */
export const PACK_CLICKS = 200;

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
 * A click unpacked (`k`, from its pack `kp`) in a query that names `sessionClicks`: its fields, in the
 * order of packedClick.
 */
export const packed = {
  timestamp: "(kp.hour + (k.value ->> 0))",
  id: "(k.value ->> 1)",
  variant: "(k.value ->> 2)",
  source: "(k.value ->> 5)",
  device: "(k.value ->> 6)",
  os: "(k.value ->> 7)",
  country: "(k.value ->> 8)",
  referrer: "(k.value ->> 9)",
  phase: "(k.value ->> 10)",
};

/**
 * The counted clicks (`packed`) of the session of `bytes` in test `test` (SQL expressions), those from
 * `since` on (an SQL expression of milliseconds) if given: the packs whose sessions hold its bytes,
 * unpacked. What a session index did, without an entry per click. Named as a FROM clause with its WHERE.
 */
export const sessionClicks = (test: string, bytes: string, since?: string) =>
  `click_packs AS kp CROSS JOIN json_each(kp.clicks) AS k
    WHERE kp.split_test_id = ${test}${
      since === undefined
        ? ""
        : ` AND kp.hour >= (${since}) - (${since}) % ${HOUR_MS} AND ${packed.timestamp} >= ${since}`
    } AND instr(kp.sessions, ${bytes}) > 0 AND k.value ->> 3 = lower(hex(${bytes})) AND k.value ->> 4 = 0`;

/**
 * The segment of the first counted click of the session of `bytes` in test `test` (SQL expressions), as
 * a JSON object of device, os, country and referrer (`blanks`: none null).
 */
export const firstClickSegment = (test: string, bytes: string, blanks = false) => {
  const value = (field: keyof typeof packed) => (blanks ? `coalesce(${packed[field]}, '')` : packed[field]);
  return `(SELECT json_object('device', ${value("device")}, 'os', ${value("os")}, 'country', ${value("country")},
                         'referrer', ${value("referrer")})
    FROM ${sessionClicks(test, bytes)} ORDER BY ${packed.timestamp}, ${packed.id} LIMIT 1)`;
};
