import * as z from "zod";
import { SIGHTING_KINDS } from "../../contract/tracking";
import {
  CONVERSION_ORIGINS,
  REFUSED_CONVERSION_REASONS,
  UNCOUNTED_VISIT_REASONS,
} from "../../contract/trust";
import { VARIANT_LABELS } from "../../contract/variants";
import { isSessionId } from "../lib/session-id";
import { MAX_PACKED_EVENTS } from "./producer";

const variant = z.enum(VARIANT_LABELS);

export const clickEventSchema = z.object({
  type: z.literal("click"),
  id: z.string().min(1).max(64),
  testId: z.string().min(1).max(64),
  variant,
  // The redirect's own UUID: the click keeps it as 16 bytes (worker/db/session-bytes.ts).
  sessionId: z.string().refine(isSessionId),
  isBot: z.boolean(),
  /** Set when the click opened a new session: a keyed hash of the visitor's address for this test. */
  source: z.string().min(1).max(64).optional(),
  timestamp: z.number().int().positive(),
  /** The visitor's segment for the breakdowns; absent from events sent before they existed. */
  device: z.string().max(16).nullish(),
  os: z.string().max(16).nullish(),
  country: z.string().max(2).nullish(),
  referrer: z.string().max(253).nullish(),
});

/**
 * The variant is not part of it: the server takes the variant of the visitor's click. A valued one
 * carries its amount in minor units with its currency (checked at the door: contract/currency.ts).
 */
export const conversionEventSchema = z.object({
  type: z.literal("conversion"),
  id: z.string().min(1).max(64),
  testId: z.string().min(1).max(64),
  sessionId: z.string().min(1).max(128),
  timestamp: z.number().int().positive(),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  currency: z.string().length(3).optional(),
  /** Absent: the primary metric's. Else the name of the test's secondary or guardrail metric it counts for. */
  metric: z.string().min(1).max(60).optional(),
  /** Absent: the tag's beacon. `server`: the server-side API, accepted before its click had landed. */
  source: z.enum(CONVERSION_ORIGINS).optional(),
});

/** A visit an audience rule sent to a fixed URL: outside the experiment, counted in no arm. */
export const ruleVisitEventSchema = z.object({
  type: z.literal("rule"),
  id: z.string().min(1).max(64),
  testId: z.string().min(1).max(64),
  /** The rule's position (0 first) when the visit came; null for the fallback URL. */
  rule: z.number().int().min(0).max(99).nullable(),
  url: z.string().min(1).max(2048),
  timestamp: z.number().int().positive(),
});

/**
 * Visits or conversions the edge did not pass on (a paused or completed link's visitors, beacons over
 * the rate limit), counted for the test's trafficQuality: the producer adds up those of one test and
 * reason in a batch, so a flood of them costs one event a batch, not one each.
 */
export const uncountedEventSchema = z.object({
  type: z.literal("uncounted"),
  /** Given by the producer, so a message delivered again counts nothing more; absent before ids. */
  id: z.string().min(1).max(64).optional(),
  testId: z.string().min(1).max(64),
  reason: z.enum([...UNCOUNTED_VISIT_REASONS, ...REFUSED_CONVERSION_REASONS]),
  events: z.number().int().min(1).max(1_000_000).default(1),
  timestamp: z.number().int().positive(),
});

/** Where the tag ran for a test (the setup checklist): host and path, nothing of the visitor. */
export const sightingEventSchema = z.object({
  type: z.literal("sighting"),
  testId: z.string().min(1).max(64),
  kind: z.enum(SIGHTING_KINDS),
  host: z.string().min(1).max(253),
  path: z.string().min(1).max(512),
  timestamp: z.number().int().positive(),
});

export const trackingEventSchema = z.discriminatedUnion("type", [
  clickEventSchema,
  conversionEventSchema,
  ruleVisitEventSchema,
  uncountedEventSchema,
  sightingEventSchema,
]);

export type ClickEvent = z.infer<typeof clickEventSchema>;
export type ConversionEvent = z.infer<typeof conversionEventSchema>;
export type RuleVisitEvent = z.infer<typeof ruleVisitEventSchema>;
export type UncountedEvent = z.input<typeof uncountedEventSchema>;
export type SightingEvent = z.infer<typeof sightingEventSchema>;
export type TrackingEvent = z.input<typeof trackingEventSchema>;

/**
 * One queue message holding the events of an isolate's batch (worker/queue/producer.ts); each event is
 * read on its own, so a malformed one spoils none of the others. `attempts`: how many times its events
 * were delivered before they were sent again (a conversion waiting for its click, a failed write).
 * A message of one bare event is the shape sent before, still read.
 */
export const packedEventsSchema = z.object({
  type: z.literal("events"),
  events: z.array(z.unknown()).min(1).max(MAX_PACKED_EVENTS),
  attempts: z.number().int().min(0).max(1000).optional(),
});

export type PackedEvents = z.infer<typeof packedEventsSchema>;
