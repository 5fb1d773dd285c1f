import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cors } from "hono/cors";
import * as z from "zod";
import { CONVERSION_MESSAGES } from "../../contract/messages";
import { isVariant, VARIANT_LABELS } from "../../contract/variants";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { clientIpOf } from "../lib/client-ip";
import { eventId } from "../lib/event-id";
import { BEACON_MAX_BODY_BYTES, limitBody } from "../middleware/body-limit";
import { BEACON_RETRY_AFTER_SECONDS, beaconAllowed } from "../middleware/rate-limit";
import { log } from "../observability/log";
import { enqueueEvent } from "../queue/producer";
import { CONVERSION_COOKIE } from "../redirect/visit";
import { amountField, checkValue, currencyField, recordedValue } from "../schemas/conversions";
import { TRACKER_SCRIPT } from "../tracker/script";

const INVALID_BEACON = "The conversion must carry splitTestId, sessionId and variant (a letter from A to H)";

const beaconSchema = z
  .object(
    {
      splitTestId: z.string({ error: INVALID_BEACON }).min(1, INVALID_BEACON).max(64, INVALID_BEACON),
      sessionId: z.string({ error: INVALID_BEACON }).min(1, INVALID_BEACON).max(128, INVALID_BEACON),
      // Read only to reject garbage: the variant counted is always the one of the visitor's click.
      variant: z.enum(VARIANT_LABELS, { error: INVALID_BEACON }),
      amount: amountField,
      currency: currencyField,
    },
    { error: INVALID_BEACON },
  )
  .superRefine(checkValue);

function parseBeacon(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_input", INVALID_BEACON);
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success)
    throw new ApiError(400, "invalid_input", parsed.error.issues[0]?.message ?? INVALID_BEACON);
  return parsed.data;
}

/** The conversion session the redirect left in a first-party cookie: `testId|variant|sessionId`. */
function parseConversionSession(value: string) {
  const [testId, variant, sessionId, ...rest] = value.split("|");
  if (
    !testId ||
    !sessionId ||
    !isVariant(variant) ||
    rest.length > 0 ||
    testId.length > 64 ||
    sessionId.length > 128
  ) {
    throw new ApiError(400, "invalid_session", CONVERSION_MESSAGES.invalidSession);
  }
  return { testId, variant, sessionId };
}

/**
 * The beacon and the conversion page share one limit per client address and test. A refusal says when
 * to come again (the tag retries then) and is counted, so that an operator sees real buyers queueing
 * behind one address.
 */
async function limitConversions(c: Context<AppEnv>, testId: string): Promise<void> {
  if (await beaconAllowed(c.env, clientIpOf(c.req.raw.headers), testId)) return;
  log("warn", "beacon_refused", { reason: "rate_limited", testId });
  // Shown on the test's traffic quality; the producer adds a flood's refusals up into one event a batch.
  enqueueEvent(c.env, c.executionCtx, {
    type: "uncounted",
    testId,
    reason: "rate_limited",
    timestamp: Date.now(),
  });
  c.header("Retry-After", String(BEACON_RETRY_AFTER_SECONDS));
  throw new ApiError(429, "rate_limited", CONVERSION_MESSAGES.rateLimited);
}

export const trackingRoutes = new Hono<AppEnv>()
  .get("/t.js", (c) => {
    return c.body(TRACKER_SCRIPT, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
      "access-control-allow-origin": "*",
      "x-content-type-options": "nosniff",
    });
  })
  // The tracker's beacon, from any site.
  .use("/functions/v1/conversions", cors({ origin: "*", allowMethods: ["POST", "OPTIONS"], maxAge: 86400 }))
  .post("/functions/v1/conversions", limitBody(BEACON_MAX_BODY_BYTES, INVALID_BEACON), async (c) => {
    const beacon = parseBeacon(await c.req.text());
    await limitConversions(c, beacon.splitTestId);
    enqueueEvent(c.env, c.executionCtx, {
      type: "conversion",
      id: eventId(),
      testId: beacon.splitTestId,
      sessionId: beacon.sessionId,
      timestamp: Date.now(),
      ...recordedValue(beacon),
    });
    return c.json({ message: CONVERSION_MESSAGES.recorded }, 202);
  })
  // A thank-you page that sends the visitor here converts with the cookie the redirect set.
  .get("/api/conversion", async (c) => {
    const stored = getCookie(c, CONVERSION_COOKIE);
    if (!stored) throw new ApiError(404, "no_session", CONVERSION_MESSAGES.noSession);
    const session = parseConversionSession(stored);
    await limitConversions(c, session.testId);
    enqueueEvent(c.env, c.executionCtx, {
      type: "conversion",
      id: eventId(),
      testId: session.testId,
      sessionId: session.sessionId,
      timestamp: Date.now(),
    });
    return c.json(
      {
        message: CONVERSION_MESSAGES.recorded,
        conversion: { splitTestId: session.testId, variant: session.variant, sessionId: session.sessionId },
      },
      200,
    );
  });
