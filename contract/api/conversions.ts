import * as z from "zod";
import { currencyDecimals, isCurrency, MAX_AMOUNT, toMinorUnits } from "../currency";
import { CONVERSION_MESSAGES } from "../messages";
import { MAX_METRIC_NAME } from "../metrics";
import { VARIANT_LABELS } from "../variants";
import { millis } from "./common";

// A conversion's value, the same for the tracker's beacon and the server-side API: an amount in major
// units (49.99) and its ISO 4217 currency, both or neither; recorded in minor units (4999).

export const amountField = z
  .number({ error: CONVERSION_MESSAGES.invalidAmount })
  .min(0, CONVERSION_MESSAGES.invalidAmount)
  .max(MAX_AMOUNT, CONVERSION_MESSAGES.invalidAmount)
  .optional()
  .describe("The order's value in major units, e.g. 49.99 (at most the currency's decimals); with currency");

export const currencyField = z
  .string({ error: CONVERSION_MESSAGES.invalidCurrency })
  .refine(isCurrency, CONVERSION_MESSAGES.invalidCurrency)
  .optional()
  .describe("The amount's ISO 4217 currency code, e.g. EUR; a test counts revenue in one currency");

interface Value {
  amount?: number | undefined;
  currency?: string | undefined;
}

/** Adds the issue of a value that is half there or finer than its currency's minor unit. */
export function checkValue(value: Value, ctx: z.RefinementCtx): void {
  const { amount, currency } = value;
  if (amount === undefined && currency === undefined) return;
  if (amount === undefined || currency === undefined) {
    ctx.addIssue({ code: "custom", message: CONVERSION_MESSAGES.valueIncomplete });
  } else if (toMinorUnits(amount, currency) === null) {
    ctx.addIssue({
      code: "custom",
      message: CONVERSION_MESSAGES.amountDecimals(currency, currencyDecimals(currency)),
    });
  }
}

/** The value as recorded (minor units), or nothing; for a value `checkValue` let through. */
export function recordedValue(value: Value): { amount: number; currency: string } | Record<string, never> {
  const { amount, currency } = value;
  if (amount === undefined || currency === undefined) return {};
  const minor = toMinorUnits(amount, currency);
  return minor === null ? {} : { amount: minor, currency };
}

const INVALID_BEACON: string = CONVERSION_MESSAGES.invalidBeacon;

/**
 * The tracker's beacon, POST /functions/v1/conversions (the specification's body). Every problem but a
 * value's is the one message that names the fields.
 */
export const beaconSchema = z
  .object(
    {
      splitTestId: z.string({ error: INVALID_BEACON }).min(1, INVALID_BEACON).max(64, INVALID_BEACON),
      sessionId: z.string({ error: INVALID_BEACON }).min(1, INVALID_BEACON).max(128, INVALID_BEACON),
      // Read only to reject garbage: the variant counted is always the one of the visitor's click.
      variant: z.enum(VARIANT_LABELS, { error: INVALID_BEACON }),
      amount: amountField,
      currency: currencyField,
      // The tag's: a secondary or guardrail metric whose goal the page reached; absent for the primary.
      metric: z
        .string({ error: INVALID_BEACON })
        .trim()
        .min(1, INVALID_BEACON)
        .max(MAX_METRIC_NAME, INVALID_BEACON)
        .optional(),
    },
    { error: INVALID_BEACON },
  )
  .superRefine(checkValue);
export type BeaconInput = z.input<typeof beaconSchema>;

const INVALID: string = CONVERSION_MESSAGES.invalidServerConversion;

/** POST /api/v1/conversions: a conversion the marketer's server reports. */
export const recordConversionSchema = z
  .object(
    {
      testId: z.string({ error: INVALID }).min(1, INVALID).max(64, INVALID).describe("The test's id"),
      sessionId: z
        .string({ error: INVALID })
        .min(1, INVALID)
        .max(128, INVALID)
        .describe(
          "The sessionId the split link added to the destination URL: keep it with the order (e.g. as Stripe's client_reference_id)",
        ),
      amount: amountField,
      currency: currencyField,
    },
    { error: INVALID },
  )
  .superRefine(checkValue);
export type RecordConversionInput = z.input<typeof recordConversionSchema>;

/** The longest Idempotency-Key taken (Stripe's limit). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export const idempotencyHeaderSchema = z.object({
  "idempotency-key": z
    .string({ error: CONVERSION_MESSAGES.idempotencyKeyMissing })
    .trim()
    .min(1, CONVERSION_MESSAGES.idempotencyKeyMissing)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, CONVERSION_MESSAGES.idempotencyKeyMissing)
    .describe(
      "A unique value per conversion, such as your order id or the webhook event's id: the same key within 24 hours answers the first answer again and counts nothing new",
    ),
});

/** A recorded conversion: the variant is the one of the session's click. */
const conversionSchema = z.object({
  id: z.string(),
  testId: z.string(),
  sessionId: z.string(),
  variant: z.enum(VARIANT_LABELS).describe("The variant of the session's click"),
  amount: z.number().min(0).nullable().describe("The order's value in major units; null without one"),
  currency: z.string().nullable().describe("The amount's ISO 4217 currency; null without an amount"),
  recordedAt: millis("When the conversion was recorded"),
});
export type Conversion = z.output<typeof conversionSchema>;

/**
 * POST /api/v1/conversions: 201 with `counted: true` when this request recorded it, 200 with the
 * session's earlier conversion and `counted: false` when it already had one (one per test and session).
 */
export const conversionResponseSchema = z.object({
  conversion: conversionSchema,
  counted: z
    .boolean()
    .describe(
      "true (201) when this request recorded it; false (200) when the session already had its conversion",
    ),
  pending: z.literal(false),
});
export type ConversionResponse = z.output<typeof conversionResponseSchema>;

/**
 * A conversion accepted before its session's click was recorded: it counts, under that click's variant
 * and with this id, once the click lands.
 */
const pendingConversionSchema = conversionSchema.extend({
  id: z.string().describe("The id the conversion gets when it counts"),
  variant: z.null().describe("Not known before the session's click is recorded"),
});
export type PendingConversion = z.output<typeof pendingConversionSchema>;

/** POST /api/v1/conversions: 202 while the conversion waits for its session's click. */
export const pendingConversionResponseSchema = z.object({
  conversion: pendingConversionSchema,
  counted: z.literal(false),
  pending: z
    .literal(true)
    .describe("Accepted before the session's click was recorded: it counts once the click lands"),
});
export type PendingConversionResponse = z.output<typeof pendingConversionResponseSchema>;
