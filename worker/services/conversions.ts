import type { Conversion, ConversionResponse, Variant } from "../../contract/api";
import { fromMinorUnits } from "../../contract/currency";
import { CONVERSION_MESSAGES, LIFECYCLE_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { sha256Base64Url } from "../auth/crypto";
import { attributionWindowMs, insertConversions, OUTSIDE_ATTRIBUTION_WINDOW } from "../db/attribution";
import { ApiError } from "../errors";
import { eventId } from "../lib/event-id";
import { type CountedConversion, sendConversionEvents } from "../webhooks/conversions";

/** How long an Idempotency-Key answers its first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Expired keys a request deletes at most: the table stays bounded, each request's cost too. */
const EXPIRED_KEYS_PER_REQUEST = 100;

/** A server-side conversion as validated; the amount in minor units. */
export interface ServerConversion {
  testId: string;
  sessionId: string;
  amount?: number;
  currency?: string;
}

export interface ConversionAnswer {
  status: 200 | 201;
  body: ConversionResponse;
  /** True when an earlier request with the same key gave this answer. */
  replayed: boolean;
}

interface KeyRow {
  fingerprint: string;
  claim: string;
  status: 200 | 201 | null;
  id: string | null;
  testId: string;
  sessionId: string;
  variant: Variant;
  amount: number | null;
  currency: string | null;
  timestamp: number;
}

interface TestRow {
  currency: string | null;
  completed: number;
  clicked: number;
  clickedInWindow: number;
}

// The statements of the one batch, in order; each numbers its own parameters. The claim is the id the
// request's conversion gets.
const DELETE_EXPIRED = `DELETE FROM idempotency_keys
  WHERE (user_id = ?1 AND key = ?2 AND created_at <= ?3)
     OR rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at <= ?3 ORDER BY created_at LIMIT ${EXPIRED_KEYS_PER_REQUEST})`;
const CLAIM_KEY = `INSERT OR IGNORE INTO idempotency_keys (user_id, key, fingerprint, claim, created_at)
  VALUES (?1, ?2, ?3, ?4, ?5)`;
// The conversion goes in only for the request that holds the key, and only on the key owner's test.
// ?6 is the attribution window.
const INSERT_IF_CLAIMED = insertConversions(
  `(SELECT ?1 FROM idempotency_keys
    WHERE user_id = ?2 AND key = ?3 AND claim = ?4
      AND EXISTS (SELECT 1 FROM split_tests WHERE id = ?5 AND user_id = ?2 AND deleted_at IS NULL))`,
  "?6",
);
// The answer: 201 when this request's conversion is the session's, 200 when the session had one.
const STORE_ANSWER = `UPDATE idempotency_keys
  SET (status, conversion_id) = (
    SELECT CASE WHEN c.id = ?3 THEN 201 ELSE 200 END, c.id
    FROM conversions AS c WHERE c.split_test_id = ?4 AND c.session_id = ?5)
  WHERE user_id = ?1 AND key = ?2 AND claim = ?3
    AND EXISTS (SELECT 1 FROM conversions WHERE split_test_id = ?4 AND session_id = ?5)`;
// A refusal keeps nothing: the same key may try again (the click may still be on its way).
const RELEASE_KEY =
  "DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND claim = ?3 AND status IS NULL";
const READ_KEY = `SELECT k.fingerprint, k.claim, k.status, c.id, c.split_test_id AS testId, c.session_id AS sessionId,
    c.variant, c.amount, c.currency, c.timestamp
  FROM idempotency_keys AS k LEFT JOIN conversions AS c ON c.id = k.conversion_id
  WHERE k.user_id = ?1 AND k.key = ?2`;
// Why a conversion was refused, read in the same batch: the test, and whether the session clicked it,
// and did within the attribution window (?5) before now (?4).
const READ_TEST = `SELECT t.currency, t.completed_at IS NOT NULL AS completed,
    EXISTS (SELECT 1 FROM clicks WHERE split_test_id = t.id AND session_id = ?3 AND is_bot = 0) AS clicked,
    EXISTS (SELECT 1 FROM clicks INDEXED BY clicks_test_session_idx
            WHERE split_test_id = t.id AND session_id = ?3 AND is_bot = 0 AND timestamp >= ?4 - ?5)
      AS clickedInWindow
  FROM split_tests AS t WHERE t.id = ?1 AND t.user_id = ?2 AND t.deleted_at IS NULL`;

function clientConversion(row: KeyRow & { id: string }): Conversion {
  return {
    id: row.id,
    testId: row.testId,
    sessionId: row.sessionId,
    variant: row.variant,
    amount: row.amount === null || row.currency === null ? null : fromMinorUnits(row.amount, row.currency),
    currency: row.currency,
    recordedAt: row.timestamp,
  };
}

/** Why a conversion that found no place was refused, from the test as the batch left it. */
function refusal(test: TestRow | undefined, conversion: ServerConversion, windowDays: number): ApiError {
  if (!test) return new ApiError(404, "not_found", TEST_MESSAGES.notFound);
  if (test.completed) return new ApiError(409, "test_completed", LIFECYCLE_MESSAGES.completed);
  if (!test.clicked) return new ApiError(422, "unknown_session", CONVERSION_MESSAGES.unknownSession);
  if (!test.clickedInWindow)
    return new ApiError(
      422,
      OUTSIDE_ATTRIBUTION_WINDOW,
      CONVERSION_MESSAGES.outsideAttributionWindow(windowDays),
    );
  if (conversion.currency && test.currency && test.currency !== conversion.currency) {
    return new ApiError(
      422,
      "currency_mismatch",
      CONVERSION_MESSAGES.currencyMismatch(test.currency, conversion.currency),
    );
  }
  throw new Error("a conversion of a clicked session was neither recorded nor refused");
}

/**
 * Records a conversion the marketer's server reports, with the beacon's attribution rule
 * (worker/db/attribution.ts), under an Idempotency-Key: the first request with a key records and stores
 * its answer; every later one within 24 hours, concurrent or not, gets that answer and counts nothing.
 * One D1 batch (a transaction) does it all, so identical requests racing each other are answered
 * alike. A refused conversion (unknown session, none within the attribution window, other currency,
 * completed test) stores nothing. A
 * counted one goes to the owner's conversion.recorded webhooks.
 */
export async function recordServerConversion(
  env: Env,
  userId: string,
  key: string,
  conversion: ServerConversion,
  now = Date.now(),
): Promise<ConversionAnswer> {
  const { testId, sessionId, amount, currency } = conversion;
  const fingerprint = await sha256Base64Url(
    JSON.stringify([testId, sessionId, amount ?? null, currency ?? null]),
  );
  const db = env.DB;
  const windowMs = attributionWindowMs(env);
  const claim = eventId(now);
  const event = { id: claim, testId, sessionId, timestamp: now, amount, currency };
  const results = await db.batch([
    db.prepare(DELETE_EXPIRED).bind(userId, key, now - IDEMPOTENCY_WINDOW_MS),
    db.prepare(CLAIM_KEY).bind(userId, key, fingerprint, claim, now),
    db.prepare(INSERT_IF_CLAIMED).bind(JSON.stringify([event]), userId, key, claim, testId, windowMs),
    db.prepare(STORE_ANSWER).bind(userId, key, claim, testId, sessionId),
    db.prepare(RELEASE_KEY).bind(userId, key, claim),
    db.prepare(READ_KEY).bind(userId, key),
    db.prepare(READ_TEST).bind(testId, userId, sessionId, now, windowMs),
  ]);
  const stored = results[5]?.results[0] as KeyRow | undefined;
  if (stored && stored.fingerprint !== fingerprint)
    throw new ApiError(422, "idempotency_key_reused", CONVERSION_MESSAGES.idempotencyKeyReused);
  if (!stored)
    throw refusal(results[6]?.results[0] as TestRow | undefined, conversion, env.ATTRIBUTION_WINDOW_DAYS);
  // A key row lives only answered: its request stored the answer or released it in the same batch.
  if (stored.status === null) throw new Error("an Idempotency-Key without its answer");
  // The conversion goes when its test is deleted: so does the answer.
  if (stored.id === null) throw new ApiError(404, "not_found", TEST_MESSAGES.notFound);
  const body = { conversion: clientConversion({ ...stored, id: stored.id }), counted: stored.status === 201 };
  // Only the request that recorded it announces it: a replay inserted nothing.
  await sendConversionEvents(env, (results[2]?.results ?? []) as CountedConversion[]);
  return { status: stored.status, body, replayed: stored.claim !== claim };
}
