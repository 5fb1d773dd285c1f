import * as z from "zod";
import { ACTOR_TYPES } from "../workspaces";
import { millis } from "./common";

// The history: every change in a workspace and who made it (issue #34). The Worker stores an action's
// code and a few details; the words a person reads are the web's (HISTORY_MESSAGES).

/** Every kind of change the history records. */
export const HISTORY_ACTIONS = [
  "test.created",
  "test.variants_changed",
  "test.weights_changed",
  "test.rules_changed",
  "test.end_settings_changed",
  "test.goal_changed",
  "test.password_changed",
  "test.paused",
  "test.resumed",
  "test.promoted",
  "test.ended",
  "test.deleted",
  "test.weights_moved",
  "test.shared",
  "test.share_revoked",
  "test.tags_changed",
  "tag.colour_changed",
  "domain.added",
  "domain.removed",
  "domain.fallback_changed",
  "api_key.created",
  "api_key.revoked",
  "webhook.created",
  "webhook.deleted",
  "webhook.enabled",
  "integration.connected",
  "integration.disconnected",
  "integration.enabled",
  "member.invited",
  "member.invitation_resent",
  "member.invitation_revoked",
  "member.invitation_declined",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.left",
  "ownership.transferred",
  "workspace.traffic_rules_changed",
  "utm_template.saved",
  "utm_template.deleted",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** One change as the test's history and the public API answer it. */
export const historyEventSchema = z.object({
  id: z.int(),
  at: millis("When the change was made"),
  actor: z
    .object({
      type: z.enum(ACTOR_TYPES),
      email: z.string().optional().describe("A user's email"),
      name: z.string().optional().describe("An API key's name as it was"),
    })
    .describe("Who made the change: a user, an API key, or the autopilot"),
  action: z.enum(HISTORY_ACTIONS).describe("What changed, e.g. test.paused"),
  details: z
    .looseObject({})
    .describe("What the change was, by action: e.g. the variants before and after, the new weights"),
});
export type HistoryEvent = z.output<typeof historyEventSchema>;

/** GET /api/v1/tests/{id}/history, GET /api/tests/:slug/history: newest first. */
export const testHistoryResponseSchema = z.object({
  events: z.array(historyEventSchema).describe("Newest first"),
});
export type TestHistoryResponse = z.output<typeof testHistoryResponseSchema>;

/** The workspace's log is read a page at a time. */
export const HISTORY_PAGE_SIZE = 50;

const whole = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

/** GET /api/workspace/history?before=&limit= (a limit above 200 reads 200). */
export const workspaceHistoryQuerySchema = z.object({
  before: whole.optional(),
  limit: whole.optional().transform((limit) => Math.min(Math.max(limit ?? HISTORY_PAGE_SIZE, 1), 200)),
});

/** The answers only the app reads, for their types (see contract/api.ts). */
function answers() {
  const workspaceEvent = historyEventSchema.extend({
    /** The test, when the event is about one. */
    testId: z.string().nullable(),
    /** The test's name, when the event is about a test. */
    testName: z.string().nullable(),
    /** The test's slug while it exists, for a link to its page; null once deleted. */
    testSlug: z.string().nullable(),
  });
  return {
    workspaceEvent,
    page: z.object({
      events: z.array(workspaceEvent),
      /** The id to pass as `before` for the next page; null at the end. */
      nextBefore: z.int().nullable(),
    }),
  };
}
type Answers = ReturnType<typeof answers>;
export type WorkspaceHistoryEvent = z.output<Answers["workspaceEvent"]>;
export type WorkspaceHistoryResponse = z.output<Answers["page"]>;
