import * as z from "zod";
import { CONVERSION_MESSAGES } from "../messages";
import { SIGHTING_KINDS } from "../tracking";
import { REFUSED_CONVERSION_REASONS, UNCOUNTED_VISIT_REASONS } from "../trust";
import { isHttpUrl } from "../urls";

// The site tag and a test's setup checklist (issue #32): where the tag was seen and what has counted.

/** The site tag's public key (`data-site`): 24 hexadecimal digits. */
export const SITE_KEY_PATTERN = /^[0-9a-f]{24}$/;

/**
 * POST /t/seen: the tag ran on a page of a test's site, a landing page or the goal page. The site key
 * names the workspace: a sighting counts only for a test of that workspace.
 */
export const sightingSchema = z.object(
  {
    siteKey: z.string().regex(SITE_KEY_PATTERN),
    testId: z.string().min(1).max(64),
    kind: z.enum(SIGHTING_KINDS),
    url: z.string().max(2048).refine(isHttpUrl),
  },
  { error: CONVERSION_MESSAGES.invalidSighting },
);
export type SightingInput = z.input<typeof sightingSchema>;

/** Where the tag last ran for a test, host and path only. */
export const tagSightingSchema = z.object({
  host: z.string().describe("The page's host, e.g. shop.example"),
  path: z.string().describe("The page's path, without its query"),
  seenAt: z.int().describe("When, in milliseconds since the epoch"),
});
export type TagSighting = z.output<typeof tagSightingSchema>;

/**
 * A test's setup as it happens: the link opened, the tag seen on a landing page (reached from the split
 * link) and on the goal page, the first conversion. Each is null until it happened.
 */
export const trackingSetupSchema = z
  .object({
    linkOpenedAt: z.int().nullable().describe("The first counted click, in milliseconds since the epoch"),
    landingTag: tagSightingSchema
      .nullable()
      .describe("The tag's last run on a page a visitor reached from the split link"),
    goalTag: tagSightingSchema.nullable().describe("The tag's last run on the goal page"),
    firstConversionAt: z
      .int()
      .nullable()
      .describe("The first counted conversion, in milliseconds since the epoch"),
    uncountedVisits: z
      .array(z.object({ reason: z.enum(UNCOUNTED_VISIT_REASONS), events: z.int() }))
      .describe(
        "Visits that reached the link and counted in no variant, by reason, most first (as in the test's traffic quality; bots and bursts of the current hour join within the hour): why the link is not opened yet when someone opened it, e.g. internal for a member's own visit",
      ),
    refusedConversions: z
      .array(z.object({ reason: z.enum(REFUSED_CONVERSION_REASONS), events: z.int() }))
      .describe(
        "Conversions that arrived and were not counted, by reason, most first (as in the test's traffic quality; other_currency, counted, is left out): why none counts when the tag runs",
      ),
  })
  .describe("The setup checklist: each step null until it happened; the tag reports once a day per browser");
export type TrackingSetup = z.output<typeof trackingSetupSchema>;

/** GET /api/tests/:slug/setup, GET /api/v1/tests/{id}/setup */
export const trackingSetupResponseSchema = z.object({ setup: trackingSetupSchema });
export type TrackingSetupResponse = z.output<typeof trackingSetupResponseSchema>;

/** GET /api/account/site-tag: the public key the site tag names (`data-site`). */
export const siteTagResponseSchema = z.object({
  siteKey: z
    .string()
    .describe("The site tag's public key: it names your tests' goals to the tag, nothing else"),
});
export type SiteTagResponse = z.output<typeof siteTagResponseSchema>;
