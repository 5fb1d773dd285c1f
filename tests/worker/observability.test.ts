import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampled } from "../../worker/observability/request-id";
import {
  Client,
  createTest,
  fetchWorker,
  GOOD_PASSWORD,
  loggedEvents,
  signedUpClient,
  uniqueEmail,
} from "./helpers";

const info = vi.spyOn(console, "log");
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  info.mockClear();
});

const requestLines = () => loggedEvents(info).filter((line) => line.event === "request");

const callWith = (bindings: Env, path: string) => fetchWorker(path, {}, { bindings });

describe("request ids", () => {
  it("returns one in a header and in every error body", async () => {
    const response = await new Client().fetch("/api/tests");
    expect(response.status).toBe(401);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toMatchObject({ error: { code: "session_missing", requestId } });
  });

  it("uses Cloudflare's ray id when the request has one", async () => {
    const response = await new Client().fetch("/api/nope", { headers: { "cf-ray": "8f1e2d3c4b5a6978-AMS" } });
    expect(response.headers.get("x-request-id")).toBe("8f1e2d3c4b5a6978-AMS");
    expect(await response.json()).toMatchObject({ error: { requestId: "8f1e2d3c4b5a6978-AMS" } });
  });

  it("tags redirects too", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const response = await client.fetch(`/r/${test.slug}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("structured request logs", () => {
  it("writes one JSON line per API request: method, route template, status, duration, request id, user", async () => {
    const { client, userId } = await signedUpClient();
    const test = await createTest(client);
    info.mockClear();
    const response = await client.fetch(`/api/tests/${test.slug}`);
    expect(response.status).toBe(200);
    expect(requestLines()).toEqual([
      {
        level: "info",
        event: "request",
        requestId: response.headers.get("x-request-id"),
        method: "GET",
        path: "/api/tests/:slug",
        status: 200,
        durationMs: expect.any(Number),
        userId,
      },
    ]);
  });

  it("never logs passwords, tokens or cookies", async () => {
    const email = uniqueEmail();
    const client = new Client();
    await client.json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD });
    await client.json("POST", "/api/auth/login", { email, password: GOOD_PASSWORD });
    await client.fetch("/api/auth/me");
    const logged = info.mock.calls.flat().join("\n");
    expect(requestLines().map((line) => line.path)).toEqual([
      "/api/auth/signup",
      "/api/auth/login",
      "/api/auth/me",
    ]);
    expect(logged).not.toContain(GOOD_PASSWORD);
    expect(client.cookies.size).toBeGreaterThan(0);
    for (const value of client.cookies.values()) if (value.length > 16) expect(logged).not.toContain(value);
  });

  it("logs every failure on the sampled paths, and about one in a hundred of the rest", () => {
    expect(sampled(500, 0.01, () => 0.99)).toBe(true);
    expect(sampled(302, 0.01, () => 0.5)).toBe(false);
    expect(sampled(302, 0.01, () => 0.005)).toBe(true);
  });
});

describe("GET /api/health", () => {
  afterEach(() => consoleError.mockClear());

  it("answers 200 with each check when D1 and KV answer", async () => {
    const response = await new Client().fetch("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", checks: { d1: "ok", kv: "ok" } });
  });

  it("answers 503 naming D1 when D1 fails", async () => {
    const failingD1 = {
      prepare: () => ({ first: () => Promise.reject(new Error("D1 is down")) }),
    } as unknown as D1Database;
    const response = await callWith({ ...env, DB: failingD1 }, "/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "failed", checks: { d1: "failed", kv: "ok" } });
    expect(loggedEvents(consoleError)).toContainEqual(
      expect.objectContaining({ event: "health_check_failed", check: "d1", error: "Error: D1 is down" }),
    );
  });

  it("answers 503 naming KV when KV fails", async () => {
    const failingKv = { get: () => Promise.reject(new Error("KV is down")) } as unknown as KVNamespace;
    const response = await callWith({ ...env, LINKS: failingKv }, "/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "failed", checks: { d1: "ok", kv: "failed" } });
  });
});
