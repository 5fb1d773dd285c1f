import * as z from "zod";
import { isCurrency } from "../currency";
import { CONVERSION_MESSAGES } from "../messages";
import { hasUnsafeCharacters } from "../names";

// Small pieces the resources' answers share.

/** A moment, in milliseconds since the epoch. */
export const millis = (what: string) => z.int().describe(`${what}, in milliseconds since the epoch`);
export const count = (what: string) => z.int().min(0).describe(what);

/** The one check of a name's characters (workspaces, tests, variants, API keys), with the field's message. */
export const plainName = <T extends z.ZodType<string>>(schema: T, message: string) =>
  schema.refine((name) => !hasUnsafeCharacters(name), { message });

/** The answer of a delete. */
export const deletedResponseSchema = z.object({ ok: z.literal(true) });
export type DeletedResponse = z.output<typeof deletedResponseSchema>;

/** The path parameter of one resource by id; an id another user owns is simply not found. */
export const idParam = (describe: string) => z.object({ id: z.string().describe(describe) });

/** An ISO 4217 code SplitLink counts revenue in (contract/currency.ts), e.g. EUR. */
export const currencyCode = z
  .string({ error: CONVERSION_MESSAGES.invalidCurrency })
  .refine(isCurrency, CONVERSION_MESSAGES.invalidCurrency);
