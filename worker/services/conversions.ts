import type { ConversionResponse, PendingConversionResponse, Variant } from "../../contract/api";
import { fromMinorUnits } from "../../contract/currency";
import { CONVERSION_MESSAGES, LIFECYCLE_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import type { ConversionOrigin } from "../../contract/trust";
import { sha256Base64Url } from "../auth/crypto";
import {
  attributionWindowMs,
  conversionRollups,
  insertConversions,
  OUTSIDE_ATTRIBUTION_WINDOW,
} from "../db/attribution";
import { sessionClicks } from "../db/click-packs";
import { checkedSessionBytes } from "../db/session-bytes";
import { eventsDb, LEGACY_SHARD, standInUser } from "../db/shards";
import { ApiError } from "../errors";
import { eventId } from "../lib/ids";
import { isSessionId } from "../lib/session-id";
import { type CountedConversion, sendConversionEvents } from "../webhooks/conversions";
import type { Creator } from "./workspaces";

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

/**
 * How long a key answers 202 for a conversion accepted before its click: well past the queue consumer's
 * wait for that click (CONVERSION_WAIT_ATTEMPTS deliveries 10 s apart, about a minute:
 * worker/queue/consumer.ts), by when the conversion was counted or dropped. After it, a pending key that
 * counted nothing is free again and the same request is taken as new: its click may have come since.
 */
export const PENDING_ANSWER_MS = 5 * 60 * 1000;

/** A request's conversion as worker/db/attribution.ts records it, and as the click queue carries it. */
export interface ServerConversionEvent {
  id: string;
  testId: string;
  sessionId: string;
  timestamp: number;
  amount?: number;
  currency?: string;
  source: ConversionOrigin;
}

export interface ConversionAnswer {
  status: 200 | 201 | 202;
  body: ConversionResponse | PendingConversionResponse;
  /** True when an earlier request with the same key gave this answer. */
  replayed: boolean;
  /**
   * Set when this request accepted the conversion before its click was recorded: the event to hand to
   * the click queue, whose consumer counts it once the click lands (its id makes a second insert nothing).
   */
  pending?: ServerConversionEvent;
}

/** The key's row, with the session's conversion in the workspace's live test (the request's test and session). */
interface KeyRow {
  fingerprint: string;
  claim: string;
  status: 200 | 201 | 202 | null;
  createdAt: number;
  id: string | null;
  variant: Variant | null;
  amount: number | null;
  currency: string | null;
  timestamp: number | null;
}

interface TestRow {
  completed: number;
  clicked: number;
  clickedInWindow: number;
}

// A live test of the key's workspace, as the answers below number it (?4 the test; the workspace's
// number is given). Every statement that records, answers or reads a conversion goes through that test
// (the insert and the reads with their own numbers), so no key ever answers anything of another
// workspace's test or of a deleted one. Idempotency keys are the user's (?1): their key, their replays.
const ownedLiveTest = (workspace: string) =>
  `SELECT 1 FROM split_tests WHERE id = ?4 AND workspace_id = ${workspace} AND deleted_at IS NULL`;

// The statements of the one batch, in order; each numbers its own parameters. The claim is the id the
// request's conversion gets. A pending key (202) that counted nothing within PENDING_ANSWER_MS (?4) goes
// like an expired one.
const DELETE_EXPIRED = `DELETE FROM idempotency_keys
  WHERE (user_id = ?1 AND key = ?2
         AND (created_at <= ?3
              OR (status = 202 AND created_at <= ?4
                  AND NOT EXISTS (SELECT 1 FROM conversions WHERE id = idempotency_keys.claim))))
     OR rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at <= ?3 ORDER BY created_at LIMIT ${EXPIRED_KEYS_PER_REQUEST})`;
const CLAIM_KEY = `INSERT OR IGNORE INTO idempotency_keys (user_id, key, fingerprint, claim, created_at)
  VALUES (?1, ?2, ?3, ?4, ?5)`;
// The conversion goes in only for the request that holds the key, and only on a test of the key's
// workspace (?7). ?6 is the attribution window.
const CLAIMED_EVENTS = `(SELECT ?1 FROM idempotency_keys
    WHERE user_id = ?2 AND key = ?3 AND claim = ?4
      AND EXISTS (SELECT 1 FROM split_tests WHERE id = ?5 AND workspace_id = ?7 AND deleted_at IS NULL))`;
const INSERT_IF_CLAIMED = insertConversions(CLAIMED_EVENTS, "?6");
// What it adds to the rollups, counted just before it with the same parameters: once per request.
const COUNT_IF_CLAIMED = conversionRollups(CLAIMED_EVENTS, "?6");
// The answer: 201 when this request's conversion is the session's, 200 when the session had one (?6 the
// workspace).
const STORE_ANSWER = `UPDATE idempotency_keys
  SET (status, conversion_id) = (
    SELECT CASE WHEN c.id = ?3 THEN 201 ELSE 200 END, c.id
    FROM conversions AS c WHERE c.split_test_id = ?4 AND c.session_id = ?5)
  WHERE user_id = ?1 AND key = ?2 AND claim = ?3 AND status IS NULL
    AND EXISTS (${ownedLiveTest("?6")})
    AND EXISTS (SELECT 1 FROM conversions WHERE split_test_id = ?4 AND session_id = ?5)`;
// Accepted, pending (202): the session has no human click of the running test yet, and its id is one the
// redirect gives out (?6), so its click may still be on its way through the queue. The conversion is
// the queue's from here: it keeps the claim as its id. ?7 is the workspace.
const STORE_PENDING = `UPDATE idempotency_keys SET status = 202
  WHERE user_id = ?1 AND key = ?2 AND claim = ?3 AND status IS NULL AND ?6
    AND EXISTS (${ownedLiveTest("?7")} AND completed_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM ${sessionClicks("?4", checkedSessionBytes("?5"))})`;
// A refusal keeps nothing: the same key may try again.
const RELEASE_KEY =
  "DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND claim = ?3 AND status IS NULL";
// The key, with the conversion its request's session now has (a pending one may have counted since).
// Read from the request's test and session (?3, ?4), which are the key's whenever the fingerprints agree;
// the test only if it is the workspace's (?5).
const READ_KEY = `SELECT k.fingerprint, k.claim, k.status, k.created_at AS createdAt,
    c.id, c.variant, c.amount, c.currency, c.timestamp
  FROM idempotency_keys AS k
    LEFT JOIN split_tests AS t ON t.id = ?3 AND t.workspace_id = ?5 AND t.deleted_at IS NULL
    LEFT JOIN conversions AS c ON c.split_test_id = t.id AND c.session_id = ?4
  WHERE k.user_id = ?1 AND k.key = ?2`;
// The workspace's live test (?2), and why a conversion was refused, read in the same batch: whether the
// session clicked it, and did within the attribution window (?5) before now (?4).
const READ_TEST = `SELECT t.completed_at IS NOT NULL AS completed,
    EXISTS (SELECT 1 FROM ${sessionClicks("t.id", checkedSessionBytes("?3"))}) AS clicked,
    EXISTS (SELECT 1 FROM ${sessionClicks("t.id", checkedSessionBytes("?3"), "?4 - ?5")})
      AS clickedInWindow
  FROM split_tests AS t WHERE t.id = ?1 AND t.workspace_id = ?2 AND t.deleted_at IS NULL`;

// A live key of the user (?1, ?2), as DELETE_EXPIRED would leave it (?3 the window's start, ?4 the pending
// answer's): read in the shard that held it, before another shard takes it over.
const LIVE_KEY = `SELECT fingerprint FROM idempotency_keys
  WHERE user_id = ?1 AND key = ?2 AND created_at > ?3
    AND NOT (status = 202 AND created_at <= ?4
             AND NOT EXISTS (SELECT 1 FROM conversions WHERE id = idempotency_keys.claim))`;

// The main database's record of which shard holds each key (migrations/0035_idempotency_key_shards.sql):
// the user's expired entry goes with a few others, then the key is taken for ?3 unless held already.
const DELETE_EXPIRED_HOLDERS = `DELETE FROM idempotency_key_shards
  WHERE (user_id = ?1 AND key = ?2 AND created_at <= ?3)
     OR (user_id, key) IN (SELECT user_id, key FROM idempotency_key_shards WHERE created_at <= ?3
                           ORDER BY created_at LIMIT ${EXPIRED_KEYS_PER_REQUEST})`;
const TAKE_HOLDER = `INSERT INTO idempotency_key_shards (user_id, key, shard, created_at) VALUES (?1, ?2, ?3, ?4)
  ON CONFLICT (user_id, key) DO NOTHING`;
const READ_HOLDER =
  "SELECT shard, created_at AS createdAt FROM idempotency_key_shards WHERE user_id = ?1 AND key = ?2";

/**
 * Takes the user's key for `shard`, or answers false when another shard holds it. A key is the user's
 * whatever the test, but it lives in the shard of the test its first request named, with the conversion it
 * guards, so that claiming it, recording and storing the answer stay one transaction there; the main
 * database only says which shard that is, written first, so of two requests racing with one key to tests
 * on different shards one takes it and the other is refused, as on one database. Held elsewhere, the key
 * moves only once the request that took it is long over (PENDING_ANSWER_MS) and it is not live there: it
 * was refused, or it waited for a click that never came.
 */
async function takeKeyForShard(
  env: Env,
  shard: string,
  userId: string,
  key: string,
  now: number,
): Promise<boolean> {
  const [, , read] = await env.DB.batch([
    env.DB.prepare(DELETE_EXPIRED_HOLDERS).bind(userId, key, now - IDEMPOTENCY_WINDOW_MS),
    env.DB.prepare(TAKE_HOLDER).bind(userId, key, shard, now),
    env.DB.prepare(READ_HOLDER).bind(userId, key),
  ]);
  const holder = read?.results[0] as { shard: string; createdAt: number } | undefined;
  if (!holder || holder.shard === shard) return true;
  if (holder.createdAt > now - PENDING_ANSWER_MS) return false;
  const live = await eventsDb(env, holder.shard)
    .prepare(LIVE_KEY)
    .bind(userId, key, now - IDEMPOTENCY_WINDOW_MS, now - PENDING_ANSWER_MS)
    .first();
  if (live) return false;
  const moved = await env.DB.prepare(
    "UPDATE idempotency_key_shards SET shard = ?3, created_at = ?4 WHERE user_id = ?1 AND key = ?2 AND shard = ?5 AND created_at = ?6",
  )
    .bind(userId, key, shard, now, holder.shard, holder.createdAt)
    .run();
  return moved.meta.changes === 1;
}

/** Gives the key back when its request stored nothing in `shard` (a refusal): another test may take it. */
function releaseKeyShard(env: Env, shard: string, userId: string, key: string) {
  return env.DB.prepare("DELETE FROM idempotency_key_shards WHERE user_id = ?1 AND key = ?2 AND shard = ?3")
    .bind(userId, key, shard)
    .run();
}

/** A value as the API shows it: major units, or nulls without one. */
function clientValue(amount: number | null | undefined, currency: string | null | undefined) {
  return amount == null || currency == null
    ? { amount: null, currency: null }
    : { amount: fromMinorUnits(amount, currency), currency };
}

/** Why a conversion of the workspace's test that found no place, and is not pending, was refused. */
function refusal(test: TestRow, windowDays: number): ApiError {
  if (test.completed) return new ApiError("test_completed", LIFECYCLE_MESSAGES.completed);
  // Pending otherwise: only a session id no split link gives out gets here.
  if (!test.clicked) return new ApiError("unknown_session", CONVERSION_MESSAGES.unknownSession);
  if (!test.clickedInWindow)
    return new ApiError(OUTSIDE_ATTRIBUTION_WINDOW, CONVERSION_MESSAGES.outsideAttributionWindow(windowDays));
  throw new Error("a conversion of a clicked session was neither recorded nor refused");
}

/**
 * Records a conversion the marketer's server reports, with the beacon's attribution rule
 * (worker/db/attribution.ts), under an Idempotency-Key: the first request with a key records and stores
 * its answer; every later one within 24 hours, concurrent or not, gets that answer and counts nothing.
 * One D1 batch (a transaction) does it all, so identical requests racing each other are answered
 * alike. A session without a click yet is accepted pending (202, `pending` is the event for the click
 * queue): its click may still be on its way, and the key then answers what became of it. A conversion
 * that can never count (completed test, no click within the attribution window, a session id no split
 * link gives out) is refused and stores nothing. A test that is not a live test of the key's workspace is not
 * found, whatever the key and the session. A counted one goes to the workspace's conversion.recorded webhooks.
 */
export async function recordServerConversion(
  env: Env,
  { workspaceId, userId }: Creator,
  key: string,
  conversion: ServerConversion,
  now = Date.now(),
): Promise<ConversionAnswer> {
  const { testId, sessionId, ...value } = conversion;
  const fingerprint = await sha256Base64Url(
    JSON.stringify([testId, sessionId, value.amount ?? null, value.currency ?? null]),
  );
  // The test's shard holds its clicks, conversions and these idempotency keys (worker/db/shards.ts); the
  // main database says which shard holds each key (takeKeyForShard).
  const owned = await env.DB.prepare(
    "SELECT shard FROM split_tests WHERE id = ?1 AND workspace_id = ?2 AND deleted_at IS NULL",
  )
    .bind(testId, workspaceId)
    .first<{ shard: string }>();
  if (!owned) throw new ApiError("not_found", TEST_MESSAGES.notFound);
  if (!(await takeKeyForShard(env, owned.shard, userId, key, now)))
    throw new ApiError("idempotency_key_reused", CONVERSION_MESSAGES.idempotencyKeyReused);
  const db = eventsDb(env, owned.shard);
  if (owned.shard !== LEGACY_SHARD) await standInUser(db, userId).run();
  const windowMs = attributionWindowMs(env);
  const claim = eventId();
  const event: ServerConversionEvent = {
    id: claim,
    testId,
    sessionId,
    timestamp: now,
    ...value,
    source: "server",
  };
  // A session id in another form than the redirect's has no click (worker/db/session-bytes.ts): nothing
  // is looked up for it, or the same bytes spelt otherwise would count a second conversion.
  const clicker = isSessionId(sessionId) ? sessionId : null;
  const claimed = [JSON.stringify(clicker ? [event] : []), userId, key, claim, testId, windowMs, workspaceId];
  const results = await db.batch([
    db.prepare(DELETE_EXPIRED).bind(userId, key, now - IDEMPOTENCY_WINDOW_MS, now - PENDING_ANSWER_MS),
    db.prepare(CLAIM_KEY).bind(userId, key, fingerprint, claim, now),
    ...COUNT_IF_CLAIMED.map((sql) => db.prepare(sql).bind(...claimed)),
    db.prepare(INSERT_IF_CLAIMED).bind(...claimed),
    db.prepare(STORE_ANSWER).bind(userId, key, claim, testId, sessionId, workspaceId),
    db.prepare(STORE_PENDING).bind(userId, key, claim, testId, clicker, clicker ? 1 : 0, workspaceId),
    db.prepare(RELEASE_KEY).bind(userId, key, claim),
    db.prepare(READ_KEY).bind(userId, key, testId, sessionId, workspaceId),
    db.prepare(READ_TEST).bind(testId, workspaceId, clicker, now, windowMs),
  ]);
  // The insert's, the key's and the test's results, after the rollups' statements.
  const [inserted, , , , keyRow, testRow] = results.slice(2 + COUNT_IF_CLAIMED.length);
  // First, before anything the key holds: no answer may tell anything of a test that is not the workspace's.
  const test = testRow?.results[0] as TestRow | undefined;
  const stored = keyRow?.results[0] as KeyRow | undefined;
  if (!stored) await releaseKeyShard(env, owned.shard, userId, key);
  if (!test) throw new ApiError("not_found", TEST_MESSAGES.notFound);
  if (stored && stored.fingerprint !== fingerprint)
    throw new ApiError("idempotency_key_reused", CONVERSION_MESSAGES.idempotencyKeyReused);
  if (!stored) throw refusal(test, env.ATTRIBUTION_WINDOW_DAYS);
  const replayed = stored.claim !== claim;
  if (stored.id !== null && stored.variant !== null && stored.timestamp !== null) {
    const counted = stored.id === stored.claim;
    const body: ConversionResponse = {
      conversion: {
        id: stored.id,
        testId,
        sessionId,
        variant: stored.variant,
        ...clientValue(stored.amount, stored.currency),
        recordedAt: stored.timestamp,
      },
      counted,
      pending: false,
    };
    // Only the request that recorded it announces it: a replay inserted nothing.
    await sendConversionEvents(env, (inserted?.results ?? []) as CountedConversion[]);
    return { status: counted ? 201 : 200, body, replayed };
  }
  // A key row lives only answered: its request stored the answer or released it in the same batch.
  if (stored.status !== 202) throw new Error("an Idempotency-Key answered without its conversion");
  const body: PendingConversionResponse = {
    conversion: {
      id: stored.claim,
      testId,
      sessionId,
      variant: null,
      ...clientValue(value.amount, value.currency),
      recordedAt: stored.createdAt,
    },
    counted: false,
    pending: true,
  };
  return { status: 202, body, replayed, ...(replayed ? {} : { pending: event }) };
}
