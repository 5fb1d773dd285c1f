import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_MESSAGES } from "../../contract/messages";
import { renderRedirectError } from "../../worker/lib/error-page";
import {
  Client,
  type CreatedTest,
  createTest,
  errorOf,
  fetchWorker,
  HUMAN,
  open,
  signedUpClient,
} from "./helpers";

describe("destinations", () => {
  it("are http(s) only, whatever the scheme's spelling", async () => {
    const { client } = await signedUpClient();
    const scheme = fc.constantFrom(
      "javascript:",
      "JavaScript:",
      " javascript:",
      "\tjava\nscript:",
      "data:",
      "vbscript:",
      "file://",
      "ftp://",
      "blob:https://",
      "ws://",
      "mailto:",
      "//",
      "",
      "https:",
      "http:/",
    );
    await fc.assert(
      fc.asyncProperty(
        scheme,
        fc.webUrl().map((url) => url.replace(/^https?:\/\//, "")),
        async (prefix, rest) => {
          const url = `${prefix}${rest}`;
          for (const field of ["urlA", "urlB", "conversionUrl"]) {
            const response = await client.json("POST", "/api/tests", {
              name: "Scheme probe",
              urlA: "https://shop.example/a",
              urlB: "https://shop.example/b",
              [field]: url,
            });
            // "https:host" and "http:/host" parse as http(s) URLs of that host: allowed, and still http(s).
            if (response.status === 201) {
              const { test } = (await response.json()) as { test: Record<string, string> };
              expect(new URL(test[field] ?? "").protocol).toMatch(/^https?:$/);
            } else {
              expect(response.status).toBe(400);
              expect((await errorOf(response)).message).toBe(TEST_MESSAGES.invalidUrls);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("the redirect goes only where the test says", () => {
  let test: CreatedTest;
  beforeAll(async () => {
    const { client } = await signedUpClient();
    test = await createTest(client, {
      urlA: "https://shop.example/landing-a?ref=own",
      urlB: "https://shop.example/landing-b",
    });
  });

  const stored = () => [test.urlA, test.urlB].map((url) => new URL(url));

  it("whatever the visitor adds to the link: host, path and scheme stay those stored", async () => {
    const hostile = fc.constantFrom(
      "url=https://evil.example",
      "redirect=//evil.example",
      "next=javascript:alert(1)",
      "@evil.example",
      "%2F%2Fevil.example",
      "host=evil.example&protocol=http",
      "sessionId=attacker&variant=B",
      "variant=C",
      "ref=theirs",
    );
    const suffix = fc.constantFrom("", "/", "//", "/..", "/%2e%2e/evil", "%2F..%2Fevil", "#@evil.example");
    const query = fc.array(fc.oneof(hostile, fc.string({ maxLength: 20 })), { maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(suffix, query, async (tail, params) => {
        const path = `/r/${test.slug}${tail}?${params.join("&")}`;
        if (!URL.canParse(`https://x${path}`)) return;
        const response = await open(new Client(), path, { headers: HUMAN });
        if (response.status !== 302) {
          // "/r/{slug}/.." is "/r/": no slug.
          expect([400, 404]).toContain(response.status);
          return;
        }
        const location = new URL(response.headers.get("location") ?? "");
        const target = stored().find((url) => url.pathname === location.pathname);
        expect(target, location.href).toBeDefined();
        expect(location.protocol).toBe(target?.protocol);
        expect(location.host).toBe(target?.host);
        // The stored query wins over the visitor's, and sessionId/variant are the server's.
        for (const [name, value] of target?.searchParams ?? [])
          expect(location.searchParams.get(name)).toBe(value);
        expect(location.searchParams.getAll("variant")).toHaveLength(1);
        expect(["A", "B"]).toContain(location.searchParams.get("variant"));
        expect(location.searchParams.get("sessionId")).not.toBe("attacker");
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a returning visitor's forged variant cookie from choosing anything but A or B", async () => {
    for (const forged of ["C", "https://evil.example", "A%0D%0ALocation:%20https://evil.example"]) {
      const response = await open(new Client(), `/r/${test.slug}`, {
        headers: { ...HUMAN, cookie: `sl_v_${test.id}=${forged}; sl_sid=../../evil` },
      });
      const location = new URL(response.headers.get("location") ?? "");
      expect(stored().map((url) => url.origin + url.pathname)).toContain(location.origin + location.pathname);
      expect(location.searchParams.get("sessionId")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("error pages", () => {
  it("escape the host and the slug they echo", () => {
    const html = `<img src=x onerror=alert(1)>`;
    const page = renderRedirectError({
      status: 404,
      message: `This domain (${html}) is not registered with SplitLink`,
      hostname: `${html}.example`,
      slug: `"><script>alert(1)</script>`,
      secure: true,
      homeUrl: `https://app.example/"><script>`,
    });
    return page.text().then((text) => {
      expect(text).not.toContain("<img");
      expect(text).not.toContain("<script>");
      expect(text).toContain("&lt;img src=x onerror=alert(1)&gt;.example");
      expect(text).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    });
  });

  it("escape a slug with markup on a real request, on the app host and on a custom domain", async () => {
    const slug = encodeURIComponent(`<svg onload=alert(1)>`);
    const onCustomDomain = await fetchWorker(
      `https://nobody-${crypto.randomUUID().slice(0, 8)}.acme-shop.io/${slug}`,
    );
    for (const response of [await open(new Client(), `/r/${slug}`), onCustomDomain]) {
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(text).not.toContain("<svg");
      expect(text).toContain("&lt;svg onload=alert(1)&gt;");
    }
  });
});
