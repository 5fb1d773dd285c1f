import * as z from "zod";

// Small pieces the resources' answers share.

/** A moment, in milliseconds since the epoch. */
export const millis = (what: string) => z.int().describe(`${what}, in milliseconds since the epoch`);
export const count = (what: string) => z.int().min(0).describe(what);

/** The answer of a delete. */
export const deletedResponseSchema = z.object({ ok: z.literal(true) });
export type DeletedResponse = z.output<typeof deletedResponseSchema>;

/** The path parameter of one resource by id; an id another user owns is simply not found. */
export const idParam = (describe: string) => z.object({ id: z.string().describe(describe) });
