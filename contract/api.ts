// The shapes exchanged between the Worker's JSON API and the SPA, as types. Each resource's zod schemas
// live once in ./api/, and these types are inferred from them: the Worker validates requests with the
// schemas and builds its OpenAPI document from them; the web imports only these types (never zod, see
// scripts/check-imports.ts). The webhook events and retry schedule, plain constants, are in ./webhooks.ts.
//
// Answers only the app reads: nothing checks an answer at runtime, so the answers that the OpenAPI
// document does not show are built only for their types, inside a function nothing calls (`answers()`
// in their resource's file). A schema at a module's top level is built when the Worker loads it and
// stays in its bundle; one inside that function costs neither. (analytics.ts and health.ts, which the
// Worker imports as types only, need no such function.)

export type * from "./api/account";
export type * from "./api/analytics";
export type * from "./api/api-keys";
export type * from "./api/auth";
export type * from "./api/breakdowns";
export type * from "./api/common";
export type * from "./api/conversions";
export type * from "./api/domains";
export type * from "./api/errors";
export type * from "./api/health";
export type * from "./api/history";
export type * from "./api/imports";
export type * from "./api/integrations";
export type * from "./api/members";
export type * from "./api/rules";
export type * from "./api/shares";
export type * from "./api/split-tests";
export type * from "./api/tags";
export type * from "./api/tracking";
export type * from "./api/traffic-rules";
export type * from "./api/utm-templates";
export type * from "./api/webhooks";
export type * from "./api/workspaces";
export type { PrimaryMetric } from "./metrics";
export type { Variant } from "./variants";
export type { WebhookEvent, WebhookEventType } from "./webhooks";
