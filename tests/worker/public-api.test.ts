import { env } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import openApi31Schema from "@seriousme/openapi-schema-validator/schemas/v3.1/schema.json";
import { describe, expect, it } from "vitest";
import type { TestListResponse, TestResponse } from "../../contract/api";
import { domainListResponseSchema } from "../../contract/api/domains";
import { testListResponseSchema, testResponseSchema } from "../../contract/api/split-tests";
import { API_KEY_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { publicApiDocument } from "../../scripts/openapi-document";
import app from "../../worker/app";
import {
  Client,
  clickedVisitor,
  createApiKey,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  inFreshRateLimitWindow,
  insertDomain,
  open,
  publicApi,
  signedUpClient,
} from "./helpers";
import { landClick } from "./queue-helpers";

const valid = { name: "Pricing page", urlA: "https://example.com/a", urlB: "https://example.com/b" };

async function keyedUser() {
  const user = await signedUpClient();
  const { key } = await createApiKey(user.client);
  return { ...user, key };
}

describe("the public API's authentication", () => {
  it.each([
    ["no Authorization header", null, "api_key_missing", API_KEY_MESSAGES.missing],
    ["an empty bearer", "", "api_key_missing", API_KEY_MESSAGES.missing],
    [
      "a made-up key",
      "sl_live_0000000000000000000000000000000000000000",
      "api_key_invalid",
      API_KEY_MESSAGES.invalid,
    ],
    ["something that is no key", "hello", "api_key_invalid", API_KEY_MESSAGES.invalid],
  ])("answers 401 with the error shape for %s", async (_, key, code, message) => {
    const response = await publicApi(key, "GET", "/tests");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(await errorOf(response)).toMatchObject({ code, message });
  });

  it("refuses a Basic or otherwise non-bearer Authorization", async () => {
    const { key } = await keyedUser();
    const response = await new Client().fetch("/api/v1/tests", {
      headers: { authorization: `Basic ${btoa(key)}` },
    });
    expect(response.status).toBe(401);
  });

  it("is not opened by a signed-in browser session", async () => {
    const { client } = await signedUpClient();
    await createTest(client);
    const response = await client.json("GET", "/api/v1/tests");
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: "api_key_missing" });
  });

  it("needs no Origin check: a tool's form-encoded POST reaches validation, not a CSRF refusal", async () => {
    const { key } = await keyedUser();
    const response = await new Client().fetch("/api/v1/tests", {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://elsewhere.example",
      },
      body: "name=x",
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ message: TEST_MESSAGES.requiredFields });
  });

  it("answers 429 with the error shape after 60 requests a minute with one key, and other keys go on", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const { client, key } = await keyedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const response = await publicApi(key, "GET", "/domains");
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await errorOf(response)).toMatchObject({
          code: "rate_limited",
          message: API_KEY_MESSAGES.rateLimited,
        });
      } else await response.body?.cancel();
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    const { key: second } = await createApiKey(client, "second");
    expect((await publicApi(second, "GET", "/domains")).status).toBe(200);
  });
});

describe("the public API's tests", () => {
  it("creates a test whose link redirects, gets it with stats, lists it, and deletes it", async () => {
    const { key, userId } = await keyedUser();
    const created = await publicApi(key, "POST", "/tests", {
      ...valid,
      conversionUrl: "https://example.com/thanks",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("www-authenticate")).toBeNull();
    const { test } = testResponseSchema.parse(await created.json());
    expect(test).toMatchObject({
      ...valid,
      userId,
      status: "active",
      link: `https://app.splitlink.test/r/${test.slug}`,
    });
    expect(test.stats).toMatchObject({ clicksA: 0, clicksB: 0, winner: null });

    const visit = await eventually(async () => {
      const response = await open(new Client(), `/r/${test.slug}`);
      return response.status === 302 ? response : null;
    });
    expect(visit.headers.get("location")).toMatch(/^https:\/\/example\.com\/[ab]\?/);

    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await (await eventsOf(test.id))
      .prepare(
        "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, 'A', 10, 10, 2)",
      )
      .bind(test.id, hour)
      .run();
    const got = await publicApi(key, "GET", `/tests/${test.id}`);
    expect(got.status).toBe(200);
    const body = (await got.json()) as TestResponse;
    expect(testResponseSchema.parse(body)).toEqual(body);
    expect(body.test.stats).toMatchObject({ clicksA: 10, conversionsA: 2, conversionRateA: 20, winner: "A" });

    const listed = await publicApi(key, "GET", "/tests");
    const list = (await listed.json()) as TestListResponse;
    expect(testListResponseSchema.parse(list)).toEqual(list);
    expect(list.tests.map((t) => t.id)).toEqual([test.id]);
    expect(list.tests[0]?.stats.clicksA).toBe(10);

    const deleted = await publicApi(key, "DELETE", `/tests/${test.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ok: true });
    expect((await publicApi(key, "GET", `/tests/${test.id}`)).status).toBe(404);
  });

  it("shows a key only its owner's tests: another user's test is not found, and stays", async () => {
    const owner = await keyedUser();
    const other = await signedUpClient();
    const mine = await createTest(owner.client, { name: "Mine" });
    const theirs = await createTest(other.client, { name: "Theirs" });

    const list = (await (await publicApi(owner.key, "GET", "/tests")).json()) as TestListResponse;
    expect(list.tests.map((t) => t.id)).toEqual([mine.id]);
    for (const method of ["GET", "DELETE"]) {
      const response = await publicApi(owner.key, method, `/tests/${theirs.id}`);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: "not_found", message: TEST_MESSAGES.notFound });
    }
    expect((await other.client.json("GET", `/api/tests/${theirs.slug}`)).status).toBe(200);
  });

  it.each([
    ["an empty body", {}],
    ["a blank name", { ...valid, name: " " }],
    ["a javascript: URL", { ...valid, urlA: "javascript:alert(1)" }],
    ["a bad conversion URL", { ...valid, conversionUrl: "thanks" }],
    ["a reserved custom path on the default domain", { ...valid, customSlug: "admin" }],
    ["a reserved custom path", { ...valid, customDomainId: "d", customSlug: "admin" }],
    ["a malformed custom path", { ...valid, customDomainId: "d", customSlug: "-x" }],
    ["someone else's domain", { ...valid, customDomainId: "OTHER" }],
    ["a body that is no object", ["a"]],
  ])("refuses %s with the very status and message of the app's API", async (_, body) => {
    const { client, key } = await keyedUser();
    const other = await signedUpClient();
    const foreignDomain = await insertDomain(
      other.userId,
      `o-${crypto.randomUUID().slice(0, 8)}.example.com`,
    );
    const input = JSON.parse(JSON.stringify(body).replace('"OTHER"', JSON.stringify(foreignDomain)));
    const viaApp = await client.json("POST", "/api/tests", input);
    const viaKey = await publicApi(key, "POST", "/tests", input);
    expect(viaKey.status).toBe(viaApp.status);
    expect(viaKey.status).toBeGreaterThanOrEqual(400);
    const { code, message } = await errorOf(viaApp);
    expect(await errorOf(viaKey)).toMatchObject({ code, message });
  });

  it("refuses a taken custom path on the owner's domain like the app does", async () => {
    const { client, key, userId } = await keyedUser();
    const customDomainId = await insertDomain(userId, `go-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const created = await publicApi(key, "POST", "/tests", {
      ...valid,
      customDomainId,
      customSlug: "summer",
    });
    expect(created.status).toBe(201);
    const again = await publicApi(key, "POST", "/tests", { ...valid, customDomainId, customSlug: "summer" });
    const viaApp = await client.json("POST", "/api/tests", {
      ...valid,
      customDomainId,
      customSlug: "summer",
    });
    expect(again.status).toBe(409);
    const { code, message } = await errorOf(viaApp);
    expect(await errorOf(again)).toMatchObject({ code, message });
  });
});

describe("the public API's domains", () => {
  it("lists only the key owner's domains", async () => {
    const { key, userId } = await keyedUser();
    const other = await signedUpClient();
    const mine = `mine-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await insertDomain(userId, mine);
    await insertDomain(other.userId, `theirs-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const response = await publicApi(key, "GET", "/domains");
    expect(response.status).toBe(200);
    const body = domainListResponseSchema.parse(await response.json());
    expect(body.domains.map((d) => [d.domain, d.verified])).toEqual([[mine, true]]);
    expect(body.fallbackOrigin).toBe(env.FALLBACK_ORIGIN);
  });
});

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

async function openApiDocument(): Promise<OpenApiDocument> {
  const response = await new Client().fetch("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return response.json();
}

describe("the OpenAPI document", () => {
  it("is served without a key and is a valid OpenAPI 3.1 document", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = new Validator(openApi31Schema as object, "2020-12", false).validate(document);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The check has teeth: a response without its required description is refused.
    const broken = structuredClone(document);
    const listAnswer = broken.paths["/api/v1/tests"]?.get?.responses["200"] as { description?: string };
    delete listAnswer.description;
    expect(new Validator(openApi31Schema as object, "2020-12", false).validate(broken).valid).toBe(false);
  });

  it("is the one built from the operations the app mounts (run `npm run build` after changing them)", async () => {
    expect(await openApiDocument()).toEqual(JSON.parse(JSON.stringify(publicApiDocument())));
  });

  it("lists every /api/v1 route the app has, and no other", async () => {
    const document = await openApiDocument();
    const registered = app.routes
      .filter((route) => route.path.startsWith("/api/v1/") && route.method !== "ALL")
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThanOrEqual(6);
    expect(new Set(documented)).toEqual(new Set(registered));
  });

  it("declares bearer authentication, and the 401 and 429 answers on every keyed route", async () => {
    const document = await openApiDocument();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        if (path.endsWith("/openapi.json")) expect(operation.security).toEqual([]);
        else expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "429"]));
      }
    }
  });

  it("describes the answers as the API really gives them", async () => {
    const document = await openApiDocument();
    const { key, userId } = await keyedUser();
    await insertDomain(userId, `doc-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const validatorOf = (name: string) =>
      new Validator(
        { $ref: `#/components/schemas/${name}`, components: document.components } as object,
        "2020-12",
      );
    const created = (await (await publicApi(key, "POST", "/tests", valid)).json()) as TestResponse;
    const error = await (await publicApi(key, "POST", "/tests", {})).json();
    const { sessionId } = await clickedVisitor(created.test);
    const value = { testId: created.test.id, sessionId, amount: 49.99, currency: "EUR" };
    const conversion = await publicApi(key, "POST", "/conversions", value, { "Idempotency-Key": "doc" });
    for (const [name, body] of [
      ["TestResponse", created],
      ["ConversionResponse", await conversion.json()],
      ["TestList", await (await publicApi(key, "GET", "/tests")).json()],
      ["DomainList", await (await publicApi(key, "GET", "/domains")).json()],
      ["Error", error],
    ] as const) {
      expect(validatorOf(name).validate(body).errors, name).toEqual([]);
    }
    // Shared shapes are named once and referenced, so the docs can link them.
    expect(document.components.schemas.TestList).toMatchObject({
      properties: { tests: { items: { $ref: "#/components/schemas/SplitTest" } } },
    });
    // A wrong answer does not pass: the check has teeth.
    expect(validatorOf("TestResponse").validate({ test: { id: 1 } }).valid).toBe(false);
  });

  it("lists with each error answer the codes it carries, and the API answers with those", async () => {
    const document = await openApiDocument();
    const codesOf = (method: string, path: string, status: number): string[] => {
      const response = document.paths[path]?.[method]?.responses[String(status)] as
        | { content: { "application/json": { schema: { allOf: [unknown, { properties: object }] } } } }
        | undefined;
      const code = response?.content["application/json"].schema.allOf[1].properties as {
        error: { properties: { code: { enum: string[] } } };
      };
      return code?.error.properties.code.enum ?? [];
    };
    const { key } = await keyedUser();
    const { key: readKey } = await createApiKey((await signedUpClient()).client, "Reports", "read");
    const unknownTest = `/tests/${"x".repeat(16)}`;
    const answers: [string, string, Response][] = [
      ["post", "/api/v1/tests", await publicApi(key, "POST", "/tests", {})],
      ["post", "/api/v1/tests", await publicApi(readKey, "POST", "/tests", valid)],
      ["get", "/api/v1/tests/{id}", await publicApi(key, "GET", unknownTest)],
      ["delete", "/api/v1/tests/{id}", await publicApi(key, "DELETE", unknownTest)],
      ["get", "/api/v1/tests", await new Client().fetch("/api/v1/tests")],
      ["get", "/api/v1/tests", await publicApi("sl_live_unknown", "GET", "/tests")],
    ];
    for (const [method, path, answer] of answers) {
      const { code } = await errorOf(answer);
      expect(codesOf(method, path, answer.status), `${method} ${path} ${answer.status}`).toContain(code);
    }
    // Each code is listed under the one status it answers with, and nowhere else.
    expect(codesOf("post", "/api/v1/conversions", 422)).toEqual([
      "idempotency_key_reused",
      "outside_attribution_window",
      "unknown_session",
    ]);
    expect(codesOf("post", "/api/v1/conversions", 409)).toEqual(["test_completed"]);
    // A read is refused only to a key whose maker lacks the two-factor sign-in its workspace requires.
    expect(codesOf("get", "/api/v1/tests", 403)).toEqual(["two_factor_required"]);
    expect(codesOf("post", "/api/v1/tests", 403)).toEqual(["forbidden", "two_factor_required"]);
  });

  it("describes each answer of POST /api/v1/conversions as the API gives it: 201, 200 and 202 (pending)", async () => {
    const document = await openApiDocument();
    const responses = document.paths["/api/v1/conversions"]?.post?.responses ?? {};
    const schemaOf = (status: string) =>
      (responses[status] as { content: { "application/json": { schema: object } } }).content[
        "application/json"
      ].schema;
    const validate = (status: string, body: unknown) =>
      new Validator({ ...schemaOf(status), components: document.components } as object, "2020-12").validate(
        body,
      );
    const { key } = await keyedUser();
    const { id: testId } = testResponseSchema.parse(
      await (await publicApi(key, "POST", "/tests", valid)).json(),
    ).test;
    const { sessionId } = await landClick(testId);
    const order = { testId, sessionId, amount: 49.99, currency: "EUR" };
    const answers = [
      await publicApi(key, "POST", "/conversions", order, { "Idempotency-Key": "first" }),
      await publicApi(key, "POST", "/conversions", order, { "Idempotency-Key": "second" }),
      // Its click is still on its way.
      await publicApi(
        key,
        "POST",
        "/conversions",
        { testId, sessionId: crypto.randomUUID() },
        {
          "Idempotency-Key": "early",
        },
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 202]);
    for (const answer of answers) {
      const body = await answer.json();
      expect(validate(String(answer.status), body).errors, String(answer.status)).toEqual([]);
      const other = answer.status === 202 ? "201" : "202";
      expect(validate(other, body).valid, `${answer.status} as ${other}`).toBe(false);
    }
  });

  it("documents the create-test body from the same schema: a name, and variants or urlA and urlB", async () => {
    const document = await openApiDocument();
    const input = document.components.schemas.CreateTestInput as {
      required?: string[];
      properties: Record<string, { items?: { required?: string[] }; maxItems?: number }>;
    };
    expect(input.required).toEqual(["name"]);
    expect(input.properties.name).toMatchObject({ type: "string", maxLength: 200 });
    expect(input.properties.name).not.toHaveProperty("default");
    expect(Object.keys(input.properties).sort()).toEqual(
      [
        "afterUrl",
        "beforeUrl",
        "conversionGoal",
        "conversionSources",
        "conversionUrl",
        "conversionUrlMatch",
        "currency",
        "customDomainId",
        "customSlug",
        "endAfterVisitors",
        "endsAt",
        "fallbackUrl",
        "metrics",
        "minimumDays",
        "mode",
        "name",
        "onEnd",
        "password",
        "plan",
        "primaryMetric",
        "rules",
        "startsAt",
        "stopEarly",
        "tags",
        "urlA",
        "urlB",
        "variants",
      ].sort(),
    );
    expect(input.properties.variants).toMatchObject({ type: "array", maxItems: 8 });
    expect(input.properties.variants?.items?.required).toEqual(["url", "weight"]);
    expect(input.properties.rules).toMatchObject({ type: "array", maxItems: 20 });
    expect(input.properties.conversionSources).toMatchObject({ enum: ["all", "server"] });
    expect(input.properties.tags).toMatchObject({ type: "array", maxItems: 10 });
    expect(document.paths).toHaveProperty(["/api/v1/tests/{id}/breakdowns", "get"]);
  });
});
