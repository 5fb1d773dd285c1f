import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GENERIC_MESSAGES } from "../../contract/messages";
import { isLocalOrPreviewHost } from "../../worker/lib/hosts";
import { API_MAX_BODY_BYTES, BEACON_MAX_BODY_BYTES } from "../../worker/middleware/body-limit";
import {
  Client,
  type CreatedTest,
  createTest,
  fetchWorker,
  insertDomain,
  ORIGIN,
  open,
  uniqueIp,
  verifiedClient,
} from "./helpers";

// Whatever arrives, every endpoint answers a clear 4xx in the one error shape (the redirect: its error
// page), never a 5xx: an unhandled exception would also log console.error, which fails the test.
// Run counts stay modest so the suite stays fast; fast-check prints the smallest failing input.

const RUNS = { numRuns: 40 };

/** A client from an address of its own, so rate limits do not mix up the runs. */
const freshClient = () => new Client(uniqueIp());

async function expectErrorShape(response: Response) {
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(await response.json()).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String) },
  });
}

/** The status is one of `allowed`; an error answers the API's error shape. */
async function expectClean(response: Response, allowed: number[]) {
  expect(allowed).toContain(response.status);
  if (response.status >= 400) await expectErrorShape(response);
}

// --- arbitraries ---

/** Pieces that trip up parsers: path tricks, encodings, control characters, markup, unicode. */
const TRICKS = [
  "..",
  "../",
  "%2F",
  "%2e%2e",
  "//",
  "\\",
  "%00",
  "\u0000",
  "\u0007",
  "\u202e",
  "\n",
  "\t",
  " ",
  "<script>",
  '"',
  "'",
  "é",
  "ß",
  "😀",
  "\ud800",
  "?",
  "#",
  "@",
  ":",
  "%",
  "|",
];
const trick = fc.constantFrom(...TRICKS);
const tricky = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.oneof(trick, fc.string({ maxLength: 5 })), { maxLength: 8 }).map((parts) => parts.join("")),
  fc.integer({ min: 300, max: 5000 }).map((n) => "a".repeat(n)),
);
/** Always holds at least one trick in the middle, so it can never be a valid slug or domain. */
const alwaysTricky = (left: string, right: string) =>
  fc
    .tuple(fc.string({ maxLength: 10 }), trick, fc.string({ maxLength: 10 }))
    .map(([a, t, b]) => `${left}${a}${t}${b}${right}`);
const anyJson = fc.oneof(fc.jsonValue(), fc.string({ unit: "binary" }), fc.constant(null));
/** An object with the expected keys, each holding anything. */
const shaped = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(anyJson, tricky)])), {
    requiredKeys: [],
  });
/** Percent-encoded, or null for a lone surrogate (no client can send one). */
function encoded(value: string): string | null {
  try {
    return encodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Only characters a header value may carry. */
const headerSafe = (value: string) => /^[\x20-\x7e]*$/.test(value);

describe("public endpoints take any input without a 5xx", () => {
  let test: CreatedTest;
  beforeAll(async () => {
    const { client } = await verifiedClient();
    test = await createTest(client);
  });

  it("the redirect /r/{anything}: the escaped error page or the stored destination", async () => {
    await fc.assert(
      fc.asyncProperty(tricky, fc.string({ maxLength: 30 }), async (slug, query) => {
        const url = `/r/${slug}?${query}`;
        if (!URL.canParse(`${ORIGIN}${url}`)) return;
        // A slug of ".." climbs out of /r/ when the URL is parsed, as in any browser: not a redirect.
        if (!new URL(`${ORIGIN}${url}`).pathname.startsWith("/r/")) return;
        const response = await open(freshClient(), url);
        expect([302, 400, 404]).toContain(response.status);
        if (response.status === 302) {
          const location = new URL(response.headers.get("location") ?? "");
          expect([test.urlA, test.urlB]).toContain(`${location.origin}${location.pathname}`);
        } else {
          expect(response.headers.get("content-type")).toContain("text/html");
          expect(await response.text()).not.toMatch(/<script>/i);
        }
      }),
      RUNS,
    );
  });

  it("the redirect on any host and path: the escaped error page", async () => {
    const host = fc.oneof(
      fc.domain(),
      fc
        .array(fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), trick), {
          minLength: 1,
          maxLength: 4,
        })
        .map((labels) => labels.join(".")),
    );
    await fc.assert(
      fc.asyncProperty(host, tricky, async (hostname, path) => {
        const url = `https://${hostname}/${path}`;
        if (!URL.canParse(url)) return;
        // A host the URL parser turns into an address (a lone tab leaves "0" = 0.0.0.0) is the app's own.
        if (isLocalOrPreviewHost(new URL(url).hostname)) return;
        const response = await fetchWorker(url, {}, { awaitBackground: false });
        expect([400, 404]).toContain(response.status);
        expect(await response.text()).not.toMatch(/<script>/i);
      }),
      RUNS,
    );
  });

  it("the conversion beacon: 202 for a well-formed beacon, else 400/413 in the error shape", async () => {
    const body = fc.oneof(
      tricky,
      anyJson.map((value) => JSON.stringify(value)),
      shaped(["splitTestId", "sessionId", "variant"]).map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const response = await freshClient().fetch("/functions/v1/conversions", {
          method: "POST",
          headers: { "content-type": "text/plain", origin: "https://shop.example" },
          body: text,
        });
        await expectClean(response, [202, 400, 413]);
      }),
      RUNS,
    );
  });

  it("the conversion page /api/conversion with any cookie: 200, 400 or 404", async () => {
    const cookie = fc.oneof(
      tricky,
      fc
        .tuple(tricky, fc.constantFrom("A", "B", "C", ""), tricky)
        .map(([testId, variant, session]) => `${testId}|${variant}|${session}`),
    );
    await fc.assert(
      fc.asyncProperty(cookie, async (value) => {
        if (!headerSafe(value)) return;
        const response = await freshClient().fetch("/api/conversion", {
          headers: { cookie: `sl_conv=${value}` },
        });
        await expectClean(response, [200, 400, 404]);
      }),
      RUNS,
    );
  });

  it("the tag's routes with any key or body: 204, 400, 404 or the goals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 50 }), fc.jsonValue(), async (key, body) => {
        await expectClean(await freshClient().fetch(`/t/goals/${encodeURIComponent(key)}`), [404]);
        const seen = await freshClient().fetch("/t/seen", { method: "POST", body: JSON.stringify(body) });
        await expectClean(seen, [204, 400]);
      }),
      { numRuns: 10 },
    );
  });

  it.each(["signup", "login"])(
    "auth /%s with any body: a clear 4xx (or a real sign-up or sign-in)",
    async (action) => {
      const body = fc.oneof(
        shaped(["email", "password"]),
        anyJson,
        fc.record({ email: alwaysTricky("a", "@x.io"), password: tricky }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const response = await freshClient().json("POST", `/api/auth/${action}`, value);
          await expectClean(response, [200, 202, 400, 409, 422, 429]);
        }),
        { numRuns: 25 },
      );
    },
  );

  it("auth with a body that is not JSON at all: 400", async () => {
    await fc.assert(
      fc.asyncProperty(tricky, async (text) => {
        const response = await freshClient().fetch("/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN },
          body: `{${text}`,
        });
        await expectClean(response, [400]);
      }),
      RUNS,
    );
  });
});

describe("signed-in endpoints take any input without a 5xx", () => {
  let client: Client;
  let userId: string;
  let domainId: string;
  // A user each: together the properties make more writes than one user may in a minute (120).
  beforeEach(async () => {
    ({ client, userId } = await verifiedClient());
    domainId = await insertDomain(userId, `p-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`);
  });

  it("any id or slug in any test or domain route: 4xx in the error shape", async () => {
    const routes = [
      ["GET", (id: string) => `/api/tests/${id}`],
      ["GET", (id: string) => `/api/tests/${id}/analytics`],
      ["POST", (id: string) => `/api/tests/${id}/pause`],
      ["POST", (id: string) => `/api/tests/${id}/resume`],
      ["POST", (id: string) => `/api/tests/${id}/promote`],
      ["GET", (id: string) => `/api/tests/${id}/export/events.csv`],
      ["GET", (id: string) => `/api/tests/${id}/export/daily.csv`],
      ["DELETE", (id: string) => `/api/tests/${id}`],
      ["POST", (id: string) => `/api/domains/${id}/verify`],
      ["DELETE", (id: string) => `/api/domains/${id}`],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), tricky, async ([method, path], id) => {
        const segment = encoded(id);
        if (segment === null) return;
        const url = path(segment);
        const response = await client.json(method, url, method === "POST" ? { variant: "A" } : undefined);
        await expectClean(response, [400, 404, 405]);
      }),
      RUNS,
    );
  });

  it("any body to create a test: 201 or a clear 400", async () => {
    const body = fc.oneof(
      anyJson,
      shaped(["name", "urlA", "urlB", "conversionUrl", "customDomainId", "customSlug"]),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        await expectClean(await client.json("POST", "/api/tests", value), [201, 400]);
      }),
      RUNS,
    );
  });

  it("custom slugs with unicode, control characters, path tricks or enormous lengths are refused", async () => {
    const slug = fc.oneof(
      alwaysTricky("a", "z"),
      fc.integer({ min: 51, max: 4000 }).map((n) => "s".repeat(n)),
    );
    await fc.assert(
      fc.asyncProperty(slug, async (customSlug) => {
        const response = await client.json("POST", "/api/tests", {
          name: "Slug probe",
          urlA: "https://shop.example/a",
          urlB: "https://shop.example/b",
          customDomainId: domainId,
          customSlug,
        });
        await expectClean(response, [400]);
        const slugParam = encoded(customSlug);
        if (slugParam === null) return;
        const availability = await client.fetch(
          `/api/tests/slug-availability?slug=${slugParam}&domainId=${domainId}`,
        );
        await expectClean(availability, [200, 400]);
        if (availability.status === 200)
          expect(await availability.json()).toMatchObject({ available: false });
      }),
      RUNS,
    );
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM split_tests WHERE custom_domain_id = ?",
    )
      .bind(domainId)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(0);
  });

  it("domains with unicode, control characters, path tricks or enormous lengths are refused", async () => {
    const domain = fc.oneof(
      alwaysTricky("go", "acme.io"),
      fc.integer({ min: 254, max: 4000 }).map((n) => `${"a".repeat(n)}.io`),
      fc.integer({ min: 64, max: 300 }).map((n) => `${"b".repeat(n)}.acme.io`),
      anyJson,
    );
    await fc.assert(
      fc.asyncProperty(domain, async (value) => {
        await expectClean(await client.json("POST", "/api/domains", { domain: value }), [400]);
      }),
      RUNS,
    );
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM custom_domains WHERE user_id = ?")
      .bind(userId)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
  });

  it("any promote body or slug-availability query: a clear 4xx", async () => {
    const test = await createTest(client);
    await fc.assert(
      fc.asyncProperty(anyJson, tricky, tricky, async (body, slug, domain) => {
        await expectClean(await client.json("POST", `/api/tests/${test.id}/promote`, body), [200, 400, 409]);
        const [slugParam, domainParam] = [encoded(slug), encoded(domain)];
        if (slugParam === null || domainParam === null) return;
        const query = `slug=${slugParam}&domainId=${domainParam}`;
        // No domain id is the default domain's /r/{path}: an answer, or a 400 for the slug.
        const expected = domainParam === "" ? [200, 400] : [400, 404];
        await expectClean(await client.fetch(`/api/tests/slug-availability?${query}`), expected);
      }),
      { numRuns: 25 },
    );
  });
});

describe("request bodies above the limit", () => {
  const oversized = (bytes: number) => JSON.stringify({ name: "x".repeat(bytes) });

  it.each([
    ["POST", "/api/auth/signup"],
    ["POST", "/api/auth/login"],
    ["POST", "/api/tests"],
    ["POST", "/api/domains"],
    ["POST", "/api/tests/some-id/promote"],
  ])(`%s %s answers 413 above ${API_MAX_BODY_BYTES} bytes, before anything else`, async (method, path) => {
    const { client } = await verifiedClient();
    const response = await client.json(method, path, undefined, {});
    expect(response.status).not.toBe(413);
    const big = await client.fetch(path, {
      method,
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: oversized(API_MAX_BODY_BYTES),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      error: { code: "too_large", message: GENERIC_MESSAGES.tooLarge },
    });
  });

  it("counts the bytes of a streamed body without a length too", async () => {
    const chunk = new TextEncoder().encode("x".repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await new Client().fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: stream,
      // @ts-expect-error: workerd's fetch takes streamed bodies without the duplex option of the DOM types
      duplex: "half",
    });
    expect(response.status).toBe(413);
    await expectErrorShape(response);
  });

  it(`the conversion beacon answers 413 above ${BEACON_MAX_BODY_BYTES} bytes, readable cross-site`, async () => {
    const response = await freshClient().fetch("/functions/v1/conversions", {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://shop.example" },
      body: JSON.stringify({ splitTestId: "t", sessionId: "s".repeat(BEACON_MAX_BODY_BYTES), variant: "A" }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    await expectErrorShape(response);
  });
});
