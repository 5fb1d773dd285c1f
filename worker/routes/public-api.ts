import { Hono } from "hono";
import * as z from "zod";
import type {
  ConversionResponse,
  PendingConversionResponse,
  TrafficQualityResponse,
} from "../../contract/api";
import { testBreakdownsResponseSchema, trafficQualityResponseSchema } from "../../contract/api/breakdowns";
import { deletedResponseSchema } from "../../contract/api/common";
import {
  conversionResponseSchema,
  idempotencyHeaderSchema,
  pendingConversionResponseSchema,
  recordConversionSchema,
  recordedValue,
} from "../../contract/api/conversions";
import { domainListResponseSchema } from "../../contract/api/domains";
import { testHistoryResponseSchema } from "../../contract/api/history";
import { shareLinkResponseSchema } from "../../contract/api/shares";
import {
  createTestSchema,
  testIdParam,
  testListResponseSchema,
  testResponseSchema,
  updateTestSchema,
} from "../../contract/api/split-tests";
import { trackingSetupResponseSchema } from "../../contract/api/tracking";
import {
  createdWebhookResponseSchema,
  createWebhookSchema,
  webhookIdParam,
  webhookListResponseSchema,
} from "../../contract/api/webhooks";
import { getDb } from "../db/client";
import { eventsDb } from "../db/shards";
import { type ApiKeyEnv, requireApiKey } from "../middleware/require-api-key";
import { enqueueEvent } from "../queue/producer";
import { trafficQualityOfTest } from "../services/analytics";
import { recordServerConversion } from "../services/conversions";
import { ownedTest } from "../services/split-tests";
import { listOwnDomains } from "./domains";
import { mount, operation } from "./operations";
import { createShareLink, revokeShareLink } from "./shares";
import {
  changeTest,
  createTest,
  deleteTest,
  getBreakdowns,
  getHistory,
  getSetup,
  getTest,
  listTests,
} from "./split-tests";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from "./webhooks";
import { creatorOf } from "./with-user";

// The public REST API (/api/v1): API-key callers get the same services, schemas and messages as the
// app's own API. Each operation is declared once below: its route, its validation and its handler are
// mounted from it, and the OpenAPI document (GET /api/v1/openapi.json) is built from the same list.

const CREATE_EXAMPLE = {
  name: "Pricing page",
  variants: [
    { url: "https://example.com/pricing-a", weight: 40 },
    { url: "https://example.com/pricing-b", weight: 30 },
    { url: "https://example.com/pricing-c", weight: 30 },
  ],
  conversionUrl: "https://example.com/thanks",
};

/** Every operation of /api/v1. */
export const PUBLIC_API_OPERATIONS = [
  operation({
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This document",
    tag: "Meta",
    success: {
      status: 200,
      description: "The OpenAPI 3.1 document",
      schema: z.looseObject({}),
      name: "OpenApiDocument",
    },
    public: true,
    // Built at build time from this list (scripts/build-openapi.ts) and served as a static asset.
    async handler(c) {
      const asset = await c.env.ASSETS.fetch(c.req.raw);
      // Without the build the asset router answers the SPA's page: a deploy without the document.
      if (!asset.headers.get("content-type")?.includes("json"))
        throw new Error("dist/api/v1/openapi.json is missing");
      // A copy: the security headers are added to the answer.
      return new Response(asset.body, asset);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests",
    operationId: "listTests",
    summary: "List split tests",
    description: "The split tests of the key's workspace, newest first, each with its stats.",
    tag: "Tests",
    success: { status: 200, description: "The tests", schema: testListResponseSchema, name: "TestList" },
    handler: listTests,
  }),
  operation({
    method: "post",
    path: "/api/v1/tests",
    operationId: "createTest",
    summary: "Create a split test",
    description:
      "A name and 2 to 8 variants are required: `variants` as `[{ url, weight }]` (A first, the control; whole-number weights from 1 to 99 that add up to 100), or the two-URL shape `urlA` and `urlB` (then 50/50). URLs must be absolute http(s) URLs. A custom slug needs one of the workspace's verified, active domains (customDomainId). Optionally an end: a date (`endsAt`) and/or a number of visitors (`endAfterVisitors`), what happens then (`onEnd`), and whether to stop as soon as there is a clear winner (`stopEarly`). Optionally audience `rules`, evaluated in order before the split (the first whose conditions all match decides: send to a fixed URL, or join the experiment), with `fallbackUrl` for the visitors who match no rule when a rule joins the experiment. The same rules and messages as in the app apply.",
    tag: "Tests",
    body: { schema: createTestSchema, name: "CreateTestInput", example: CREATE_EXAMPLE },
    success: {
      status: 201,
      description: "The new test with its split link",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: [400, 409, 422],
    handler(c, { json }) {
      return createTest(c, json);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}",
    operationId: "getTest",
    summary: "Get a split test with its stats",
    tag: "Tests",
    pathParams: testIdParam,
    success: { status: 200, description: "The test", schema: testResponseSchema, name: "TestResponse" },
    errors: [404],
    handler(c, { param }) {
      return getTest(c, { id: param.id });
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}/breakdowns",
    operationId: "getTestBreakdowns",
    summary: "A test's variants per device type, operating system, country and referrer",
    description:
      "Each variant's unique visitors, conversions and conversion rate with its 95 % interval, per segment of the visitor's first click. Differences between segments found after the fact are hypotheses, not results.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The breakdowns",
      schema: testBreakdownsResponseSchema,
      name: "TestBreakdowns",
    },
    errors: [404],
    handler(c, { param }) {
      return getBreakdowns(c, { id: param.id });
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}/traffic-quality",
    operationId: "getTestTrafficQuality",
    summary: "What reached a test and was not counted, and why",
    description:
      "Visits counted in no variant and conversions refused (or counted without their value), by reason: why SplitLink's numbers can differ from an ad platform's. The same figures as trafficQuality in the test page's analytics.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The traffic quality",
      schema: trafficQualityResponseSchema,
      name: "TrafficQuality",
    },
    errors: [404],
    async handler(c, { param }) {
      const test = await ownedTest(getDb(c.env.DB), c.get("workspace").id, { id: param.id });
      const trafficQuality = await trafficQualityOfTest(eventsDb(c.env, test.shard), test.id);
      return c.json({ trafficQuality } satisfies TrafficQualityResponse, 200);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}/setup",
    operationId: "getTestSetup",
    summary: "A test's setup checklist",
    description:
      "Whether the tracking works, step by step: the first counted click of the split link, where the tag last ran on a landing page and on the goal page (host and path), and the first counted conversion; each null until it happened. The same state as the test page's checklist.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The setup checklist",
      schema: trackingSetupResponseSchema,
      name: "TrackingSetup",
    },
    errors: [404],
    handler(c, { param }) {
      return getSetup(c, { id: param.id });
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}/history",
    operationId: "getTestHistory",
    summary: "A test's history: every change and who made it",
    description:
      "The test's changes, newest first. `actor` is a user (with email), an API key (with its name) or the autopilot; `details` depend on `action`.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The test's history",
      schema: testHistoryResponseSchema,
      name: "TestHistory",
    },
    errors: [404],
    handler(c, { param }) {
      return getHistory(c, { id: param.id });
    },
  }),
  operation({
    method: "patch",
    path: "/api/v1/tests/{id}",
    operationId: "updateTest",
    summary: "Change a test's variants and weights, its end, or its audience rules",
    description:
      "Send what changes; what is left out stays as it is. `variants` replaces the variants (2 to 8, A first) and their weights, under the same rules as on creation, only until the test's first counted click: after that the answer is 409 and only pause, resume, promote and delete change it (in the app). The end settings (`endsAt`, `endAfterVisitors`, `onEnd`, `stopEarly`) change while the test runs; a completed test answers 409. `rules` and `fallbackUrl` replace the audience rules: rules that only send visitors to fixed URLs change any time, rules with the experiment action only until the first counted click (else 409 rules_locked).",
    tag: "Tests",
    pathParams: testIdParam,
    body: {
      schema: updateTestSchema,
      name: "UpdateTestInput",
      example: { endsAt: "2026-12-31T18:00:00Z", onEnd: "promote", stopEarly: true },
    },
    success: {
      status: 200,
      description: "The test as it now stands",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: [400, 404, 409],
    handler(c, { param, json }) {
      return changeTest(c, param.id, json);
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/tests/{id}",
    operationId: "deleteTest",
    summary: "Delete a split test",
    description: "Deletes the test with all its clicks and conversions. This cannot be undone.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The test is deleted",
      schema: deletedResponseSchema,
      name: "Deleted",
    },
    errors: [404],
    handler(c, { param }) {
      return deleteTest(c, param.id);
    },
  }),
  operation({
    method: "post",
    path: "/api/v1/tests/{id}/share",
    operationId: "shareTest",
    summary: "Make a read-only report link of a test",
    description:
      "A public page of the test's results (recommendation, lift, each version's numbers, a chart; no sessions or emails, not indexed) at an unguessable URL. One link per test: while it lives, this answers it again.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The report link",
      schema: shareLinkResponseSchema,
      name: "ShareLink",
    },
    errors: [404],
    handler(c, { param }) {
      return createShareLink(c, { id: param.id });
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/tests/{id}/share",
    operationId: "revokeTestShare",
    summary: "Revoke a test's report link",
    description: "Its page answers 404 at once. A later share makes a new link.",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The link no longer opens",
      schema: deletedResponseSchema,
      name: "Deleted",
    },
    errors: [404],
    handler(c, { param }) {
      return revokeShareLink(c, { id: param.id });
    },
  }),
  operation({
    method: "post",
    path: "/api/v1/conversions",
    operationId: "recordConversion",
    summary: "Record a conversion from your server",
    description:
      "For conversions a browser tag would miss (ad blockers, closed tabs) and for their value. Send the sessionId the split link added to the destination URL, which your backend keeps with the order (with Stripe Checkout: as client_reference_id, sent from your webhook handler; see the example below). The same attribution rule as the tracker: counted only if that session clicked that test, under the click's variant, and at most one conversion per test and session (the first one reported counts, with its value; a later one answers that one with counted false). A click takes a few seconds to be recorded: a conversion sent before its click is accepted (202, pending true) and counts once the click lands, with the id the answer gives. Amounts are in major units (49.99) with an ISO 4217 currency; one in another currency than the test's counts as a conversion, its value left out of the test's revenue (there are no exchange rates). The Idempotency-Key header is required: the same key, from the same person's API keys, within 24 hours answers the first answer again (header Idempotent-Replayed: true) and counts nothing new, so retry a failed call with the same key; a pending answer is answered as it now stands (202 while it waits, the conversion once counted). Refused at once, storing nothing so the same key can try again: a completed test (409), a session whose click came longer ago than the attribution window, 30 days unless the deployment says otherwise (422 outside_attribution_window), a sessionId no split link gives out (422 unknown_session). A test that is not in the key's workspace, or was deleted, is not found (404), whatever the session and the key.",
    tag: "Conversions",
    headerParams: idempotencyHeaderSchema,
    body: {
      schema: recordConversionSchema,
      name: "RecordConversionInput",
      example: {
        testId: "0b7c2f38-8a4e-4f0e-9a51-3f4c1f1d2e3a",
        sessionId: "4f9d6a7e-2c1b-4e8a-9b3d-5a6c7e8f9a0b",
        amount: 49.99,
        currency: "EUR",
      },
    },
    success: {
      status: 201,
      description: "Recorded by this request (counted true)",
      schema: conversionResponseSchema,
      name: "ConversionResponse",
    },
    otherAnswers: [
      {
        status: 200,
        description: "The session already had its conversion: that one, counted false",
        schema: conversionResponseSchema,
        name: "ConversionResponse",
      },
      {
        status: 202,
        description:
          "Accepted before the session's click was recorded (pending true): it counts once the click lands",
        schema: pendingConversionResponseSchema,
        name: "PendingConversionResponse",
      },
    ],
    errors: [400, 404, 409, 422],
    async handler(c, { header, json }) {
      const { testId, sessionId, ...value } = json;
      const conversion = { testId, sessionId, ...recordedValue(value) };
      const answer = await recordServerConversion(c.env, creatorOf(c), header["idempotency-key"], conversion);
      if (answer.pending) enqueueEvent(c.env, c.executionCtx, { type: "conversion", ...answer.pending });
      if (answer.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(answer.body satisfies ConversionResponse | PendingConversionResponse, answer.status);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/domains",
    operationId: "listDomains",
    summary: "List custom domains",
    description:
      "The custom domains of the key's workspace, newest first. Tests can use those whose status is active.",
    tag: "Domains",
    success: {
      status: 200,
      description: "The domains",
      schema: domainListResponseSchema,
      name: "DomainList",
    },
    handler: listOwnDomains,
  }),
  operation({
    method: "get",
    path: "/api/v1/webhooks",
    operationId: "listWebhooks",
    summary: "List webhook endpoints",
    description: "The webhook endpoints of the key's workspace, newest first, without their secrets.",
    tag: "Webhooks",
    success: {
      status: 200,
      description: "The endpoints",
      schema: webhookListResponseSchema,
      name: "WebhookList",
    },
    handler: listWebhookEndpoints,
  }),
  operation({
    method: "post",
    path: "/api/v1/webhooks",
    operationId: "createWebhook",
    summary: "Add a webhook endpoint",
    description:
      "An https URL of a public host and the events to send to it. The answer carries the endpoint's signing secret, the only time it is shown. At most 10 endpoints per workspace (409 beyond).",
    tag: "Webhooks",
    body: {
      schema: createWebhookSchema,
      name: "CreateWebhookInput",
      example: { url: "https://example.com/splitlink-webhooks", events: ["test.completed", "test.verdict"] },
    },
    success: {
      status: 201,
      description: "The new endpoint and its signing secret",
      schema: createdWebhookResponseSchema,
      name: "CreatedWebhook",
    },
    errors: [400, 409],
    handler(c, { json }) {
      return createWebhookEndpoint(c, json);
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    operationId: "deleteWebhook",
    summary: "Delete a webhook endpoint",
    description: "Stops all deliveries to it at once, including those still being retried.",
    tag: "Webhooks",
    pathParams: webhookIdParam,
    success: {
      status: 200,
      description: "The endpoint is deleted",
      schema: deletedResponseSchema,
      name: "Deleted",
    },
    errors: [404],
    handler(c, { param }) {
      return deleteWebhookEndpoint(c, param.id);
    },
  }),
];

export const publicApiRoutes = mount(new Hono<ApiKeyEnv>(), "/api/v1", requireApiKey, PUBLIC_API_OPERATIONS);
