import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cors } from "hono/cors";
import { beaconSchema, recordedValue } from "../../contract/api/conversions";
import { CONVERSION_MESSAGES } from "../../contract/messages";
import { isVariant } from "../../contract/variants";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { BEACON_MAX_BODY_BYTES, limitBody } from "../middleware/body-limit";
import { CONVERSION_COOKIE } from "../redirect/visit";
import { acceptBeacon, type BeaconConversion } from "../services/beacon";

const INVALID_BEACON = CONVERSION_MESSAGES.invalidBeacon;

function parseBeacon(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_input", INVALID_BEACON);
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) throw new ApiError("invalid_input", parsed.error.issues[0]?.message ?? INVALID_BEACON);
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
    throw new ApiError("invalid_session", CONVERSION_MESSAGES.invalidSession);
  }
  return { testId, variant, sessionId };
}

/**
 * Hands a conversion to the beacon service; a refusal (past the limit per client address and test) is a
 * 429 that says when to come again.
 */
async function accept(c: Context<AppEnv>, conversion: BeaconConversion): Promise<void> {
  const outcome = await acceptBeacon(c.env, c.executionCtx, c.req.raw, conversion);
  if (outcome.queued) return;
  c.header("Retry-After", String(outcome.retryAfterSeconds));
  throw new ApiError("rate_limited", CONVERSION_MESSAGES.rateLimited);
}

/** The tracker's beacon, `POST /functions/v1/conversions`, and the conversion page, `GET /api/conversion`. */
export const beaconRoutes = new Hono<AppEnv>()
  // The tracker's beacon, from any site.
  .use("/functions/v1/conversions", cors({ origin: "*", allowMethods: ["POST", "OPTIONS"], maxAge: 86400 }))
  .post("/functions/v1/conversions", limitBody(BEACON_MAX_BODY_BYTES, INVALID_BEACON), async (c) => {
    const beacon = parseBeacon(await c.req.text());
    await accept(c, {
      testId: beacon.splitTestId,
      sessionId: beacon.sessionId,
      ...recordedValue(beacon),
      ...(beacon.metric ? { metric: beacon.metric } : {}),
    });
    return c.json({ message: CONVERSION_MESSAGES.recorded }, 202);
  })
  // A thank-you page that sends the visitor here converts with the cookie the redirect set.
  .get("/api/conversion", async (c) => {
    const stored = getCookie(c, CONVERSION_COOKIE);
    if (!stored) throw new ApiError("no_session", CONVERSION_MESSAGES.noSession);
    const session = parseConversionSession(stored);
    await accept(c, { testId: session.testId, sessionId: session.sessionId });
    return c.json(
      {
        message: CONVERSION_MESSAGES.recorded,
        conversion: { splitTestId: session.testId, variant: session.variant, sessionId: session.sessionId },
      },
      200,
    );
  });
