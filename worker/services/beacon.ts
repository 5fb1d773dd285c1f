import type { Background } from "../lib/background";
import { eventId } from "../lib/ids";
import { log } from "../observability/log";
import { enqueueEvent } from "../queue/producer";
import { BEACON_RETRY_AFTER_SECONDS, beaconAllowed } from "./limits";
import { excludedConversion } from "./traffic-rules";

/** A conversion the tracker's beacon or the conversion page reports, as validated; its value in minor units. */
export interface BeaconConversion {
  testId: string;
  sessionId: string;
  amount?: number;
  currency?: string;
  /** A secondary or guardrail metric's name; absent for the primary. */
  metric?: string;
}

/** What became of a beacon's conversion: queued, or refused until `retryAfterSeconds` have passed. */
export type BeaconOutcome = { queued: true } | { queued: false; retryAfterSeconds: number };

/**
 * Takes a conversion from the beacon or the conversion page: both share one limit per client address and
 * test. Within it the conversion goes to the click queue, whose consumer counts it with its click. A
 * refusal says when to come again (the tag retries then) and is counted, so that an operator sees real
 * buyers queueing behind one address. The limit comes first, so a flood reads nothing; then the
 * workspace's traffic rules may leave the conversion out (answered as accepted, shown in traffic quality).
 */
export async function acceptBeacon(
  env: Env,
  ctx: Background,
  request: Request,
  conversion: BeaconConversion,
): Promise<BeaconOutcome> {
  const { testId, sessionId, ...value } = conversion;
  if (!(await beaconAllowed(env, request.headers, testId))) {
    log("warn", "beacon_refused", { reason: "rate_limited", testId });
    // Shown on the test's traffic quality; the producer adds a flood's refusals up into one event a batch.
    enqueueEvent(env, ctx, { type: "uncounted", testId, reason: "rate_limited", timestamp: Date.now() });
    return { queued: false, retryAfterSeconds: BEACON_RETRY_AFTER_SECONDS };
  }
  const excluded = await excludedConversion(env, ctx, testId, request);
  if (excluded) {
    enqueueEvent(env, ctx, { type: "uncounted", testId, reason: excluded, timestamp: Date.now() });
    return { queued: true };
  }
  enqueueEvent(env, ctx, {
    type: "conversion",
    id: eventId(),
    testId,
    sessionId,
    timestamp: Date.now(),
    ...value,
  });
  return { queued: true };
}
