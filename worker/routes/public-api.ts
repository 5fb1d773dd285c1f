import { Hono } from "hono";
import * as z from "zod";
import type {
  ConversionResponse,
  PendingConversionResponse,
  TestReadingResponse,
  TrafficQualityResponse,
} from "../../contract/api";
import {
  breakdownsQuerySchema,
  testBreakdownsResponseSchema,
  trafficQualityResponseSchema,
} from "../../contract/api/breakdowns";
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
import { importQuerySchema, importResponseSchema, importTestsSchema } from "../../contract/api/imports";
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
  promoteSchema,
  testIdParam,
  testListQuerySchema,
  testListResponseSchema,
  testResponseSchema,
  updateTestSchema,
} from "../../contract/api/split-tests";
import { tagColourSchema, tagListResponseSchema, tagParam, tagResponseSchema } from "../../contract/api/tags";
import { trackingSetupResponseSchema } from "../../contract/api/tracking";
import { trafficRulesResponseSchema, trafficRulesSchema } from "../../contract/api/traffic-rules";
import {
  createUtmTemplateSchema,
  utmTemplateIdParam,
  utmTemplateListResponseSchema,
  utmTemplateResponseSchema,
} from "../../contract/api/utm-templates";
import {
  createdWebhookResponseSchema,
  createWebhookSchema,
  webhookIdParam,
  webhookListResponseSchema,
} from "../../contract/api/webhooks";
import { recommendationOf } from "../../contract/reading";
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
  changeTestLifecycle,
  createTest,
  deleteTest,
  getAnalytics,
  getBreakdowns,
  getHistory,
  getSetup,
  getTest,
  importTests,
  listTests,
} from "./split-tests";
import { listTags, putTagColour } from "./tags";
import { getTrafficRules, putTrafficRules } from "./traffic-rules";
import { listWorkspaceUtmTemplates, removeUtmTemplate, saveUtmTemplate } from "./utm-templates";
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
    summary: "List and search split tests",
    tag: "Tests",
    queryParams: testListQuerySchema,
    success: { status: 200, description: "The tests", schema: testListResponseSchema, name: "TestList" },
    handler(c, { query }) {
      return listTests(c, query);
    },
  }),
  operation({
    method: "post",
    path: "/api/v1/tests",
    operationId: "createTest",
    summary: "Create a split test",
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
    method: "post",
    path: "/api/v1/tests/import",
    operationId: "importTests",
    summary: "Create links in bulk from a CSV file, or a Bitly, Rebrandly or Short.io export",
    tag: "Tests",
    queryParams: importQuerySchema,
    body: {
      schema: importTestsSchema,
      name: "ImportTestsInput",
      example: {
        csv: "name,url_a,url_b,custom_slug,domain,tags\nSpring poster,https://shop.example/spring,,spring-24,,print|spring\n",
      },
    },
    success: {
      status: 200,
      description: "Each row's outcome: ready (a dry run), created, or refused with why",
      schema: importResponseSchema,
      name: "ImportResult",
    },
    errors: ["too_large"],
    handler(c, { query, json }) {
      return importTests(c, json, query.dryRun === "true");
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
    path: "/api/v1/tests/{id}/analytics",
    operationId: "getTestAnalytics",
    summary: "A test's recommendation, lift and per-variant figures, as its page shows them",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The test's figures and what to do",
      name: "TestReading",
    },
    errors: ["not_found"],
    async handler(c, { param }) {
      const analytics = await getAnalytics(c, { id: param.id });
      const recommendation = recommendationOf(analytics, Date.now());
      return c.json({ analytics, recommendation } satisfies TestReadingResponse, 200);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}/breakdowns",
    operationId: "getTestBreakdowns",
    summary: "A test's variants per device type, operating system, country and referrer",
    tag: "Tests",
    pathParams: testIdParam,
    queryParams: breakdownsQuerySchema,
    success: {
      status: 200,
      description: "The breakdowns",
      schema: testBreakdownsResponseSchema,
      name: "TestBreakdowns",
    },
    errors: ["not_found"],
    handler(c, { param, query }) {
      return getBreakdowns(c, { id: param.id }, query.metric);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/tests/{id}/traffic-quality",
    operationId: "getTestTrafficQuality",
    summary: "What reached a test and was not counted, and why",
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
    method: "post",
    path: "/api/v1/tests/{id}/pause",
    operationId: "pauseTest",
    summary: "Pause a test: its link sends every visitor to A, and nothing is counted",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The paused test",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: ["not_found", "test_completed"],
    handler(c, { param }) {
      return changeTestLifecycle(c, param.id, { action: "pause" });
    },
  }),
  operation({
    method: "post",
    path: "/api/v1/tests/{id}/resume",
    operationId: "resumeTest",
    summary: "Resume a paused test: its link splits and counts again",
    tag: "Tests",
    pathParams: testIdParam,
    success: {
      status: 200,
      description: "The running test",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: ["not_found", "test_completed"],
    handler(c, { param }) {
      return changeTestLifecycle(c, param.id, { action: "resume" });
    },
  }),
  operation({
    method: "post",
    path: "/api/v1/tests/{id}/promote",
    operationId: "promoteTest",
    summary: "End a test by sending every visitor to one version for good",
    tag: "Tests",
    pathParams: testIdParam,
    body: { schema: promoteSchema, name: "PromoteInput", example: { variant: "B" } },
    destructive: true,
    success: {
      status: 200,
      description: "The completed test",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: ["not_found", "test_completed"],
    handler(c, { param, json }) {
      return changeTestLifecycle(c, param.id, { action: "promote", variant: json.variant });
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/tests/{id}",
    operationId: "deleteTest",
    summary: "Delete a split test",
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
    path: "/api/v1/tags",
    operationId: "listTags",
    summary: "List the workspace's tags with their colours",
    tag: "Tags",
    success: { status: 200, description: "The tags", schema: tagListResponseSchema, name: "TagList" },
    handler: listTags,
  }),
  operation({
    method: "put",
    path: "/api/v1/tags/{tag}",
    operationId: "setTagColour",
    summary: "Set a tag's colour",
    tag: "Tags",
    pathParams: tagParam,
    body: { schema: tagColourSchema, name: "TagColourInput", example: { colour: "green" } },
    success: { status: 200, description: "The tag now", schema: tagResponseSchema, name: "TagResponse" },
    errors: ["quota_reached"],
    handler(c, { param, json }) {
      return putTagColour(c, param.tag, json);
    },
  }),
  operation({
    method: "get",
    path: "/api/v1/domains",
    operationId: "listDomains",
    summary: "List custom domains",
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
    tag: "Integrations",
    success: {
      status: 200,
      description: "How the test message went",
      schema: slackTestResponseSchema,
      name: "SlackTestResult",
    },
    errors: ["not_found", "slack_disabled"],
    handler: testSlack,
  }),
  operation({
    method: "get",
    path: "/api/v1/workspace/traffic-rules",
    operationId: "getTrafficRules",
    summary: "Get the traffic rules",
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
  operation({
    method: "get",
    path: "/api/v1/utm-templates",
    operationId: "listUtmTemplates",
    summary: "List UTM templates",
    tag: "Workspace",
    success: {
      status: 200,
      description: "The workspace's UTM templates, by name",
      schema: utmTemplateListResponseSchema,
      name: "UtmTemplateList",
    },
    handler: listWorkspaceUtmTemplates,
  }),
  operation({
    method: "post",
    path: "/api/v1/utm-templates",
    operationId: "createUtmTemplate",
    summary: "Save a UTM template",
    tag: "Workspace",
    body: {
      schema: createUtmTemplateSchema,
      name: "CreateUtmTemplateInput",
      example: { name: "Spring newsletter", source: "newsletter", medium: "email", campaign: "spring-sale" },
    },
    success: {
      status: 201,
      description: "The saved template",
      schema: utmTemplateResponseSchema,
      name: "UtmTemplateResponse",
    },
    errors: ["quota_reached"],
    handler(c, { json }) {
      return saveUtmTemplate(c, json);
    },
  }),
  operation({
    method: "delete",
    path: "/api/v1/utm-templates/{id}",
    operationId: "deleteUtmTemplate",
    summary: "Delete a UTM template",
    tag: "Workspace",
    pathParams: utmTemplateIdParam,
    success: {
      status: 200,
      description: "The template is deleted",
      schema: deletedResponseSchema,
      name: "Deleted",
    },
    errors: ["not_found"],
    handler(c, { param }) {
      return removeUtmTemplate(c, param.id);
    },
  }),
];

export const publicApiRoutes = mount(new Hono<ApiKeyEnv>(), "/api/v1", requireApiKey, PUBLIC_API_OPERATIONS);
