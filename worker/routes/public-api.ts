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
import {
  connectSlackSchema,
  connectStripeResponseSchema,
  connectStripeSchema,
  ga4SettingSchema,
  integrationListResponseSchema,
  integrationResponseSchema,
  slackConnectionResponseSchema,
  slackTestResponseSchema,
  stripeStatusResponseSchema,
} from "../../contract/api/integrations";
import { shareLinkResponseSchema } from "../../contract/api/shares";
import {
  createTestSchema,
  testIdParam,
  testListResponseSchema,
  testResponseSchema,
  updateTestSchema,
} from "../../contract/api/split-tests";
import { trackingSetupResponseSchema } from "../../contract/api/tracking";
import { trafficRulesResponseSchema, trafficRulesSchema } from "../../contract/api/traffic-rules";
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
import {
  changeGa4,
  connectWorkspaceStripe,
  deleteSlack,
  disconnectWorkspaceStripe,
  getSlack,
  getStripeStatus,
  listIntegrationStatuses,
  putSlack,
  testSlack,
} from "./integrations";
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
import { getTrafficRules, putTrafficRules } from "./traffic-rules";
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
      "A name and 2 to 8 variants are required: `variants` as `[{ url, weight }]` (A first, the control; whole-number weights from 1 to 99 that add up to 100), or the two-URL shape `urlA` and `urlB` (then 50/50). URLs must be absolute http(s) URLs. A custom slug needs one of the workspace's verified, active domains (customDomainId). Optionally an end: a date (`endsAt`) and/or a number of visitors (`endAfterVisitors`), what happens then (`onEnd`), and whether to stop as soon as there is a clear winner (`stopEarly`); `minimumDays` (default 7) holds every call, end and promotion until the test has run that many days. Optionally audience `rules`, evaluated in order before the split (the first whose conditions all match decides: send to a fixed URL, or join the experiment), with `fallbackUrl` for the visitors who match no rule when a rule joins the experiment. The same rules and messages as in the app apply.",
    tag: "Tests",
    body: { schema: createTestSchema, name: "CreateTestInput", example: CREATE_EXAMPLE },
    success: {
      status: 201,
      description: "The new test with its split link",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: ["slug_taken", "domain_not_usable", "quota_reached"],
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
    errors: ["not_found"],
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
    errors: ["not_found"],
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
    errors: ["not_found"],
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
    errors: ["not_found"],
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
    errors: ["not_found"],
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
      "Send what changes; what is left out stays as it is. `variants` replaces the variants (2 to 8, A first) and their weights, under the same rules as on creation, only until the test's first counted click: after that the answer is 409 and only pause, resume, promote and delete change it (in the app). The end settings (`endsAt`, `endAfterVisitors`, `onEnd`, `stopEarly`, `minimumDays`) change while the test runs, never to an end before the minimum days are up; a completed test answers 409. `rules` and `fallbackUrl` replace the audience rules: rules that only send visitors to fixed URLs change any time, rules with the experiment action only until the first counted click (else 409 rules_locked).",
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
    errors: [
      "not_found",
      "slug_taken",
      "test_completed",
      "currency_locked",
      "rules_locked",
      "domain_not_usable",
    ],
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
    errors: ["not_found"],
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
    errors: ["not_found"],
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
    errors: ["not_found"],
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
    errors: [
      "not_found",
      "test_completed",
      "idempotency_key_reused",
      "unknown_session",
      "outside_attribution_window",
    ],
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
    errors: ["quota_reached"],
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
    errors: ["not_found"],
    handler(c, { param }) {
      return deleteWebhookEndpoint(c, param.id);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/integrations",
    operationId: "listIntegrations",
    summary: "List integrations",
    description:
      "Each integration of the key's workspace (stripe, slack, ga4) with whether it is on, since when, and the last event SplitLink received from it.",
    tag: "Integrations",
    success: {
      status: 200,
      description: "The integrations",
      schema: integrationListResponseSchema,
      name: "IntegrationList",
    },
    handler: listIntegrationStatuses,
  }),
  operation({
    method: "get",
    path: "/api/v1/integrations/stripe",
    operationId: "getStripeIntegration",
    summary: "The Stripe connection",
    description:
      "Whether Stripe is connected, the endpoint URL to add in Stripe, and the last event received with what became of it. Never the signing secret. Stripe asks for the URL before it shows the signing secret, so the first call with a write key makes the URL (a read key sees null until then); connecting keeps it.",
    tag: "Integrations",
    success: {
      status: 200,
      description: "The Stripe connection",
      schema: stripeStatusResponseSchema,
      name: "StripeStatus",
    },
    handler: getStripeStatus,
  }),
  operation({
    method: "put",
    path: "/api/v1/integrations/stripe",
    operationId: "connectStripe",
    summary: "Connect Stripe",
    description:
      "Stores the signing secret of the webhook endpoint you added in Stripe and answers that endpoint's URL. Stripe's checkout.session.completed (and invoice.paid for subscriptions) then count as conversions with their amount, attributed to the visitor's SplitLink session in client_reference_id or metadata.splitlink_session; charge.refunded takes the value back (invoice_payment.paid tells a subscription payment's refund apart on API versions from 2025-03-31). Connecting again replaces the secret and keeps the URL. The secret is never shown again.",
    tag: "Integrations",
    body: {
      schema: connectStripeSchema,
      name: "ConnectStripeInput",
      example: { signingSecret: "whsec_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6" },
    },
    success: {
      status: 200,
      description: "The endpoint URL to add in Stripe",
      schema: connectStripeResponseSchema,
      name: "ConnectStripeResponse",
    },
    handler(c, { json }) {
      return connectWorkspaceStripe(c, json);
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/integrations/stripe",
    operationId: "disconnectStripe",
    summary: "Disconnect Stripe",
    description:
      "Forgets the signing secret: Stripe's events are refused from now on. Conversions already counted stay. Connecting again later gives the same endpoint URL.",
    tag: "Integrations",
    success: {
      status: 200,
      description: "Stripe is disconnected",
      schema: deletedResponseSchema,
      name: "Deleted",
    },
    handler: disconnectWorkspaceStripe,
  }),
  operation({
    method: "put",
    path: "/api/v1/integrations/ga4",
    operationId: "setGa4Integration",
    summary: "Switch the GA4 and Tag Manager report on or off",
    description:
      "With enabled true, the site tag reports each visitor's version to the page's own analytics: `gtag('event', 'experience_impression', { exp_variant_string: 'SPLITLINK-{testId}-{variant}' })` where the page has gtag, and a dataLayer push `{ event: 'splitlink_exposure', splitlink_test, splitlink_variant, exp_variant_string }` where it has a dataLayer, once per page and test the visitor came through. SplitLink's servers send nothing to Google. The tag reads the switch with its goals, cached a minute by the browser and the edge. Off by default.",
    tag: "Integrations",
    body: { schema: ga4SettingSchema, name: "Ga4SettingInput", example: { enabled: true } },
    success: {
      status: 200,
      description: "The integration's status now",
      schema: integrationResponseSchema,
      name: "IntegrationResponse",
    },
    handler(c, { json }) {
      return changeGa4(c, json);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/integrations/slack",
    operationId: "getSlack",
    summary: "Get the Slack connection",
    description:
      "Whether the workspace posts its alerts to Slack, the webhook URL masked, and how the last messages went.",
    tag: "Integrations",
    success: {
      status: 200,
      description: "The Slack connection",
      schema: slackConnectionResponseSchema,
      name: "SlackConnection",
    },
    handler: getSlack,
  }),
  operation({
    method: "put",
    path: "/api/v1/integrations/slack",
    operationId: "connectSlack",
    summary: "Connect Slack",
    description:
      "Posts the workspace's verdict, end and sample-ratio alerts to a Slack channel through its incoming webhook URL (https://hooks.slack.com/services/…; no other host is accepted). Replaces the URL if one was connected. The URL is a secret: answers only ever show it masked.",
    tag: "Integrations",
    body: {
      schema: connectSlackSchema,
      name: "ConnectSlackInput",
      example: {
        webhookUrl: "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
      },
    },
    success: {
      status: 200,
      description: "Connected",
      schema: slackConnectionResponseSchema,
      name: "SlackConnection",
    },
    handler(c, { json }) {
      return putSlack(c, json);
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/integrations/slack",
    operationId: "disconnectSlack",
    summary: "Disconnect Slack",
    description: "Stops the alerts to Slack at once, including those still being retried.",
    tag: "Integrations",
    success: { status: 200, description: "Disconnected", schema: deletedResponseSchema, name: "Deleted" },
    errors: ["not_found"],
    handler: deleteSlack,
  }),
  operation({
    method: "post",
    path: "/api/v1/integrations/slack/test",
    operationId: "testSlack",
    summary: "Send a test message to Slack",
    description:
      "Posts a test message to the connected channel at once and answers how it went. At most 5 test messages and webhook test events a minute per person (429 beyond).",
    tag: "Integrations",
    success: {
      status: 200,
      description: "How the test message went",
      schema: slackTestResponseSchema,
      name: "SlackTestResult",
    },
    errors: ["not_found"],
    handler: testSlack,
  }),
  operation({
    method: "get",
    path: "/api/v1/workspace/traffic-rules",
    operationId: "getTrafficRules",
    summary: "Get the traffic rules",
    description:
      "The key's workspace's traffic rules: internal addresses, blocked sources and whether machine traffic (hosting and cloud networks) is left out. What they leave out shows in each test's traffic quality as internal, blocked or datacenter.",
    tag: "Workspace",
    success: {
      status: 200,
      description: "The traffic rules",
      schema: trafficRulesResponseSchema,
      name: "TrafficRules",
    },
    handler: getTrafficRules,
  }),
  operation({
    method: "put",
    path: "/api/v1/workspace/traffic-rules",
    operationId: "putTrafficRules",
    summary: "Replace the traffic rules",
    description:
      "Replaces the workspace's traffic rules. Visits and conversions they match are redirected and accepted as usual but not counted: from an internal address or range (internal), from a blocked address, range, ASN, user agent (a substring, any case) or referrer host and its subdomains (blocked), and, while machineTraffic is true (the default), visits from hosting and cloud providers' networks (datacenter). A signed-in member of the workspace who opens one of its links on the app host is internal too. The redirect follows the new rules at once. Owners and editors (a write key) only.",
    tag: "Workspace",
    body: {
      schema: trafficRulesSchema,
      name: "TrafficRulesInput",
      example: {
        internal: ["203.0.113.0/24", "2001:db8::/48"],
        blocked: [
          { type: "userAgent", value: "HeadlessChrome" },
          { type: "referrer", value: "spam.example" },
        ],
        machineTraffic: true,
      },
    },
    success: {
      status: 200,
      description: "The traffic rules now",
      schema: trafficRulesResponseSchema,
      name: "TrafficRules",
    },
    handler(c, { json }) {
      return putTrafficRules(c, json);
    },
  }),
];

export const publicApiRoutes = mount(new Hono<ApiKeyEnv>(), "/api/v1", requireApiKey, PUBLIC_API_OPERATIONS);
