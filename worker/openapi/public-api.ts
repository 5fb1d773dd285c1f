import { testReadingResponseSchema } from "../../contract/api/analytics";
import { customDomainSchema } from "../../contract/api/domains";
import { apiErrorDetailSchema, apiErrorSchema } from "../../contract/api/errors";
import { testStatsSchema, testWithStatsSchema } from "../../contract/api/split-tests";
import { webhookEndpointSchema } from "../../contract/api/webhooks";
import { WEBHOOK_MESSAGES } from "../../contract/messages";
import type { DocumentInfo } from "./document";

/** The public API's OpenAPI document beyond its operations (worker/routes/public-api.ts): title, tags, shared shapes. */
export const PUBLIC_API_INFO: DocumentInfo = {
  title: "SplitLink API",
  version: "1.0.0",
  description:
    'Create and read A/B split tests, record conversions from your server, list custom domains and manage webhook endpoints from your own tools. Authenticate with an API key from Settings → API keys, sent as `Authorization: Bearer <key>`. Each key may make 60 requests a minute. Errors answer `{ "error": { "code", "message" } }`.',
  // SplitLink's code and API are not open source: the API is for the customers of a SplitLink instance.
  license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
  tags: [
    { name: "Tests", description: "Split tests and their stats" },
    { name: "Conversions", description: "Conversions reported by your server, with their value" },
    { name: "Tags", description: "The workspace's tags and their colours" },
    { name: "Domains", description: "Custom domains" },
    {
      name: "Webhooks",
      description:
        "Endpoints that receive events as signed JSON POSTs: `{ id, type, createdAt, data }` with the types test.verdict, test.completed, test.srm_detected and conversion.recorded (and webhook.ping, sent by Settings → Send test event). The `SplitLink-Signature: t=<unix seconds>,v1=<hex>` header is the HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's secret: recompute it, compare in constant time and refuse a `t` older than 5 minutes. A delivery without a 2xx answer within 10 seconds is retried for " +
        WEBHOOK_MESSAGES.retryPeriod +
        ", then given up and the endpoint marked failing.",
    },
    {
      name: "Integrations",
      description:
        "Tools the workspace connects: Stripe, Slack, and the site tag's GA4 and Tag Manager report",
    },
    {
      name: "Workspace",
      description: "The key's workspace's traffic rules: what its tests leave out of their counts",
    },
    { name: "Meta", description: "About the API" },
  ],
  schemas: {
    // GET /api/v1/tests/{id}/analytics's answer, named here so the Worker never carries it.
    TestReading: testReadingResponseSchema,
    SplitTest: testWithStatsSchema,
    TestStats: testStatsSchema,
    CustomDomain: customDomainSchema,
    WebhookEndpoint: webhookEndpointSchema,
    Error: apiErrorSchema,
    ErrorDetail: apiErrorDetailSchema,
  },
};
