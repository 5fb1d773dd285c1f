import * as z from "zod";
import { createTestSchema, updateTestSchema } from "../schemas/split-tests";
import { buildOpenApiDocument, type Operation } from "./document";
import {
  apiErrorDetailSchema,
  apiErrorSchema,
  customDomainSchema,
  deletedResponseSchema,
  domainListResponseSchema,
  testListResponseSchema,
  testResponseSchema,
  testStatsSchema,
  testWithStatsSchema,
} from "./schemas";

/** The path parameter of one test; an id another user owns is simply not found. */
export const testIdParam = z.object({ id: z.string().describe("The test's id") });

const CREATE_EXAMPLE = {
  name: "Pricing page",
  variants: [
    { url: "https://example.com/pricing-a", weight: 40 },
    { url: "https://example.com/pricing-b", weight: 30 },
    { url: "https://example.com/pricing-c", weight: 30 },
  ],
  conversionUrl: "https://example.com/thanks",
};

/** Every route of /api/v1, as the OpenAPI document describes it. */
export const PUBLIC_API_OPERATIONS = [
  {
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
  },
  {
    method: "get",
    path: "/api/v1/tests",
    operationId: "listTests",
    summary: "List split tests",
    description: "The key owner's split tests, newest first, each with its stats.",
    tag: "Tests",
    success: { status: 200, description: "The tests", schema: testListResponseSchema, name: "TestList" },
  },
  {
    method: "post",
    path: "/api/v1/tests",
    operationId: "createTest",
    summary: "Create a split test",
    description:
      "A name and 2 to 8 variants are required: `variants` as `[{ url, weight }]` (A first, the control; whole-number weights from 1 to 99 that add up to 100), or the two-URL shape `urlA` and `urlB` (then 50/50). URLs must be absolute http(s) URLs. A custom slug needs one of the owner's verified, active domains (customDomainId). Optionally an end: a date (`endsAt`) and/or a number of visitors (`endAfterVisitors`), what happens then (`onEnd`), and whether to stop as soon as there is a clear winner (`stopEarly`). The same rules and messages as in the app apply.",
    tag: "Tests",
    body: { schema: createTestSchema, name: "CreateTestInput", example: CREATE_EXAMPLE },
    success: {
      status: 201,
      description: "The new test with its split link",
      schema: testResponseSchema,
      name: "TestResponse",
    },
    errors: [400, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/tests/{id}",
    operationId: "getTest",
    summary: "Get a split test with its stats",
    tag: "Tests",
    pathParams: testIdParam,
    success: { status: 200, description: "The test", schema: testResponseSchema, name: "TestResponse" },
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/v1/tests/{id}",
    operationId: "updateTest",
    summary: "Change a test's variants and weights, or its end",
    description:
      "Send what changes; what is left out stays as it is. `variants` replaces the variants (2 to 8, A first) and their weights, under the same rules as on creation, only until the test's first counted click: after that the answer is 409 and only pause, resume, promote and delete change it (in the app). The end settings (`endsAt`, `endAfterVisitors`, `onEnd`, `stopEarly`) change while the test runs; a completed test answers 409.",
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
  },
  {
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
  },
  {
    method: "get",
    path: "/api/v1/domains",
    operationId: "listDomains",
    summary: "List custom domains",
    description: "The key owner's custom domains, newest first. Tests can use those whose status is active.",
    tag: "Domains",
    success: {
      status: 200,
      description: "The domains",
      schema: domainListResponseSchema,
      name: "DomainList",
    },
  },
] as const satisfies readonly Operation[];

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** Built once per isolate: the schemas do not change while it runs. */
export function publicApiDocument() {
  document ??= buildOpenApiDocument(
    {
      title: "SplitLink API",
      version: "1.0.0",
      description:
        'Create and read A/B split tests and list custom domains from your own tools. Authenticate with an API key from Settings → API keys, sent as `Authorization: Bearer <key>`. Each key may make 60 requests a minute. Errors answer `{ "error": { "code", "message" } }`.',
      tags: [
        { name: "Tests", description: "Split tests and their stats" },
        { name: "Domains", description: "Custom domains" },
        { name: "Meta", description: "About the API" },
      ],
      schemas: {
        SplitTest: testWithStatsSchema,
        TestStats: testStatsSchema,
        CustomDomain: customDomainSchema,
        Error: apiErrorSchema,
        ErrorDetail: apiErrorDetailSchema,
      },
    },
    PUBLIC_API_OPERATIONS,
  );
  return document;
}
