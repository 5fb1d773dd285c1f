import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CustomDomain, DomainListResponse, VerifyDomainResponse } from "../../contract/api";
import { AUTH_MESSAGES, DOMAIN_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { CRONS } from "../../worker/crons";
import { domainStatusOf, statusMessage } from "../../worker/domains/status";
import {
  cloudflareCalls,
  FAKE_CLOUDFLARE,
  failAtCloudflare,
  healCloudflare,
  setAtCloudflare,
} from "./cloudflare-fake";
import {
  activeDomain,
  add,
  addError,
  added,
  callWithEnv,
  FALLBACK,
  list,
  row,
  uniqueDomain,
  verify,
  visitDomain,
} from "./domain-helpers";
import {
  Client,
  createTest,
  errorOf,
  HUMAN,
  inFreshRateLimitWindow,
  insertDomain,
  loggedEvents,
  open,
  runCron,
  verifiedClient,
} from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("adding a domain", () => {
  it("stores it trimmed and lower-cased as new, with its custom hostname, and answers 201", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    const response = await add(client, `  ${hostname.toUpperCase()}  `);
    expect(response.status).toBe(201);
    const { domain } = (await response.json()) as { domain: CustomDomain };
    expect(domain).toEqual({
      id: expect.any(String),
      domain: hostname,
      verified: false,
      status: "new",
      verificationMessage: `Add a CNAME record pointing to ${FALLBACK} to verify your domain.`,
      validationToken: null,
      fallbackUrl: null,
      createdAt: expect.any(Number),
    });

    const stored = await row(domain.id);
    expect(stored?.origin_server).toBe(FALLBACK);
    // Created with an HTTP-validated DV certificate, then checked once at once.
    const calls = await cloudflareCalls(hostname);
    expect(calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(calls[1]?.path).toBe(
      `/zones/${FAKE_CLOUDFLARE.zoneId}/custom_hostnames/${stored?.cf_hostname_id}`,
    );
  });

  it("logs and ignores a failure of the immediate verification", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    await failAtCloudflare(hostname, {
      method: "GET",
      status: 503,
      body: "<html>Service unavailable</html>",
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const domain = await added(client, hostname);
    expect(domain.status).toBe("new");
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "domain_verification_failed", host: hostname, when: "on_add" }),
    );
  });

  it.each([
    ["an empty domain", ""],
    ["a blank domain", "   "],
    ["no domain", undefined],
    ["null", null],
  ])("refuses %s: 'Please enter a domain'", async (_, domain) => {
    const { client } = await verifiedClient();
    expect(await addError(client, domain)).toEqual({ status: 400, message: DOMAIN_MESSAGES.empty });
  });

  it.each([
    "not a domain",
    "acme",
    "-go.acme.io",
    "go-.acme.io",
    "go..acme.io",
    ".acme.io",
    "go.acme.i",
    "go.acme.c0m",
    "go_shop.acme.io",
    "https://go.acme.io",
    "go.acme.io/summer",
    "go.acme.io.",
    "203.0.113.7",
    "localhost",
    "münchen.de",
    [..."abcde"]
      .map((letter) => letter.repeat(60))
      .join(".")
      .concat(".io"),
  ])("refuses %s: 'Invalid domain format. Please enter a valid domain.'", async (domain) => {
    const { client } = await verifiedClient();
    expect(await addError(client, domain)).toEqual({
      status: 400,
      message: "Invalid domain format. Please enter a valid domain.",
    });
  });

  it.each([
    "app.splitlink.test",
    "www.app.splitlink.test",
    "links.app.splitlink.test",
    "fallback.splitlink.app",
    "preview.splitlink.workers.dev",
  ])("refuses the app's own host %s", async (domain) => {
    const { client } = await verifiedClient();
    expect(await addError(client, domain)).toEqual({ status: 400, message: DOMAIN_MESSAGES.reserved });
  });

  it("refuses a domain any user already has, saying only that it is taken and that an unverified claim is released", async () => {
    const first = await verifiedClient();
    const second = await verifiedClient();
    const hostname = uniqueDomain();
    await added(first.client, hostname);
    const duplicate = {
      status: 409,
      message:
        "This domain is already registered in our system. A domain that is never verified is released after 7 days.",
    };
    expect(await addError(second.client, hostname.toUpperCase())).toEqual(duplicate);
    expect(await addError(first.client, hostname)).toEqual(duplicate);
    expect(await list(second.client)).toEqual([]);
    // Refused by our index before Cloudflare is asked again.
    expect((await cloudflareCalls(hostname)).filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("maps Cloudflare's duplicate hostname (409 / 1406) to the specification's message and keeps nothing", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain("taken");
    await failAtCloudflare(hostname, {
      method: "POST",
      status: 409,
      errors: [{ code: 1406, message: "Duplicate custom hostname found." }],
    });
    expect(await addError(client, hostname)).toEqual({ status: 409, message: DOMAIN_MESSAGES.duplicate });
    expect(await list(client)).toEqual([]);
  });

  it("maps Cloudflare's invalid hostname (1411 for example.com) to the format message", async () => {
    const { client } = await verifiedClient();
    expect(await addError(client, `go-${crypto.randomUUID().slice(0, 8)}.example.com`)).toEqual({
      status: 400,
      message: DOMAIN_MESSAGES.invalidFormat,
    });
    expect(await list(client)).toEqual([]);
  });

  it("passes Cloudflare's other refusals (quota) on with its message, keeping nothing", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    await failAtCloudflare(hostname, {
      method: "POST",
      status: 403,
      errors: [{ code: 1405, message: "Quota exceeded." }],
    });
    expect(await addError(client, hostname)).toEqual({
      status: 502,
      message: "Cloudflare refused the request: Quota exceeded.",
    });
    expect(await list(client)).toEqual([]);
    await healCloudflare(hostname);
    expect((await add(client, hostname)).status).toBe(201);
  });

  it("says so when Cloudflare refuses the API token", async () => {
    const { client } = await verifiedClient();
    const wrongToken = Object.assign({}, env, { CF_API_TOKEN: "revoked-token" });
    const response = await callWithEnv(wrongToken, client, "POST", "/api/domains", {
      domain: uniqueDomain(),
    });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe("Cloudflare refused the request: Authentication error");
    expect(await list(client)).toEqual([]);
  });

  it("reuses a custom hostname left behind in our zone instead of refusing the domain", async () => {
    const { client } = await verifiedClient();
    const hostname = uniqueDomain();
    const orphan = await setAtCloudflare(hostname, {});
    const domain = await added(client, hostname);
    expect((await row(domain.id))?.cf_hostname_id).toBe(orphan.id);
  });
});

describe("listing domains", () => {
  it("lists only the caller's domains, newest first", async () => {
    const alice = await verifiedClient();
    const bob = await verifiedClient();
    const older = await added(alice.client, uniqueDomain("older"));
    const newer = await added(alice.client, uniqueDomain("newer"));
    const bobs = await added(bob.client, uniqueDomain("bob"));
    const response = (await (await alice.client.fetch("/api/domains")).json()) as DomainListResponse;
    expect(response.fallbackOrigin).toBe(FALLBACK);
    expect(response.domains.map((d) => d.id)).toEqual([newer.id, older.id]);
    expect((await list(bob.client)).map((d) => d.id)).toEqual([bobs.id]);
  });
});

describe("verifying a domain", () => {
  it("makes an active custom hostname an active, verified domain and caches it for the redirect", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain());
    await setAtCloudflare(domain.domain, { status: "active", sslStatus: "active" });
    const { status, body } = await verify(client, domain.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      verified: true,
      message: "Domain is verified and active.",
      domain: { id: domain.id, verified: true, status: "active" },
    });
    expect(body.domain.validationToken).toMatch(/^ca3-/);
    const stored = await row(domain.id);
    expect(stored).toMatchObject({
      status: "active",
      verification_message: "Domain is verified and active.",
    });
    expect(stored?.validation_url).toContain("/.well-known/pki-validation/");
    expect(await env.LINKS.get(`host:${domain.domain}`, "json")).toEqual({ id: domain.id, status: "active" });
  });

  it("keeps a pending domain pending with the specification's message and Cloudflare's reason", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain("pending"));
    await setAtCloudflare(domain.domain, {
      sslStatus: "pending_validation",
      verificationErrors: ["custom hostname does not CNAME to this zone."],
    });
    const { body } = await verify(client, domain.id);
    expect(body).toMatchObject({
      verified: false,
      message: "Domain is pending verification. Please check your DNS settings.",
      domain: {
        status: "pending_validation",
        verified: false,
        verificationMessage: "custom hostname does not CNAME to this zone.",
      },
    });
    expect(body.domain.validationToken).toBeTruthy();
    expect(await env.LINKS.get(`host:${domain.domain}`, "json")).toEqual({
      id: domain.id,
      status: "pending_validation",
    });
  });

  it("marks a failed certificate as error and answers Cloudflare's reason", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain("error"));
    const reason = "SERVFAIL looking up CAA for the custom hostname";
    await setAtCloudflare(domain.domain, { sslStatus: "validation_timed_out", validationErrors: [reason] });
    const { body } = await verify(client, domain.id);
    expect(body).toMatchObject({
      verified: false,
      message: reason,
      domain: { status: "error", verificationMessage: reason },
    });
    expect((await row(domain.id))?.verification_message).toBe(reason);
  });

  it("answers the specification's error message when Cloudflare gives no reason", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain("blocked"));
    await setAtCloudflare(domain.domain, { status: "blocked" });
    const { body } = await verify(client, domain.id);
    expect(body).toMatchObject({
      verified: false,
      message: "Domain verification failed. Please check your DNS settings.",
      domain: { status: "error" },
    });
  });

  it("takes a domain that stops being active off the redirect", async () => {
    const { client } = await verifiedClient();
    const domain = await activeDomain(client);
    await createTest(client, { customDomainId: domain.id, customSlug: "summer" });
    expect((await visitDomain(domain.domain, "/summer")).status).toBe(302);
    await setAtCloudflare(domain.domain, { status: "moved" });
    expect((await verify(client, domain.id)).body.domain.status).toBe("error");
    const refused = await visitDomain(domain.domain, "/summer");
    expect(await refused.text()).toContain(
      `This domain (${domain.domain}) is not verified with SplitLink yet`,
    );
  });

  it.each([
    [
      "a Cloudflare error",
      { method: "GET", status: 500, errors: [{ code: 1500, message: "Internal Server Error" }] },
      "Verification error: Cloudflare refused the request: Internal Server Error",
    ],
    [
      "an outage page",
      { method: "GET", status: 503, body: "<html>Service unavailable</html>" },
      "Verification error: Cloudflare sent an unexpected answer (HTTP 503). Please try again later.",
    ],
  ])(
    "answers verified false with 'Verification error: …' on %s, changing nothing",
    async (_, failure, message) => {
      const { client } = await verifiedClient();
      const domain = await added(client, uniqueDomain());
      await failAtCloudflare(domain.domain, failure);
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const { status, body } = await verify(client, domain.id);
      expect(status).toBe(200);
      expect(body).toEqual({ verified: false, message, domain });
      expect((await row(domain.id))?.status).toBe("new");
    },
  );

  it("checks at most 10 times a minute per user: past that 429, and Cloudflare is not asked", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain());
    await inFreshRateLimitWindow(60, 10_000);
    const before = (await cloudflareCalls(domain.domain)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await verify(client, domain.id)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await client.json("POST", `/api/domains/${domain.id}/verify`);
    expect(await errorOf(refused)).toMatchObject({
      code: "rate_limited",
      message: DOMAIN_MESSAGES.checkRateLimited,
    });
    const checks = (await cloudflareCalls(domain.domain)).length - before;
    // One or two calls a check, for the ten checks made.
    expect(checks).toBeGreaterThanOrEqual(10);
    expect(checks).toBeLessThanOrEqual(20);
  });

  it("finds the custom hostname by name, or creates it, when the domain has no hostname id", async () => {
    const { client, userId } = await verifiedClient();
    const hostname = uniqueDomain();
    const id = await insertDomain(userId, hostname, "new");
    await verify(client, id);
    expect((await cloudflareCalls(hostname)).map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /zones/${FAKE_CLOUDFLARE.zoneId}/custom_hostnames?hostname=${hostname}`,
      `POST /zones/${FAKE_CLOUDFLARE.zoneId}/custom_hostnames`,
    ]);
    expect((await row(id))?.cf_hostname_id).toBeTruthy();
  });
});

describe("Cloudflare's statuses as domain statuses", () => {
  it.each([
    ["pending", "initializing", "new"],
    ["pending", null, "new"],
    ["pending", "pending_validation", "pending_validation"],
    ["pending", "pending_issuance", "pending_validation"],
    ["pending", "active", "pending_validation"],
    ["active", "pending_deployment", "pending_validation"],
    ["active", "active", "active"],
    ["active_redeploying", "active", "active"],
    ["blocked", "active", "error"],
    ["pending_blocked", "pending_validation", "error"],
    ["moved", "active", "error"],
    ["deleted", null, "error"],
    ["pending", "validation_timed_out", "error"],
    ["active", "expired", "error"],
    ["active", "deactivating", "error"],
  ])("status %s with ssl %s is %s", (status, sslStatus, expected) => {
    expect(domainStatusOf({ status, sslStatus })).toBe(expected);
  });

  it.each([
    ["new", null, `Add a CNAME record pointing to ${FALLBACK} to verify your domain.`],
    ["new", "stored", `Add a CNAME record pointing to ${FALLBACK} to verify your domain.`],
    ["pending_validation", "stored", "Domain is pending verification. Please check your DNS settings."],
    ["active", "stored", "Domain is verified and active."],
    ["error", "stored", "stored"],
    ["error", null, "Domain verification failed. Please check your DNS settings."],
    [null, "stored", "stored"],
    [null, null, "Pending verification"],
    ["unknown", "stored", "stored"],
    ["unknown", null, "Pending verification. Please add the required CNAME record to your DNS settings."],
  ])("status %s with stored message %s says %s", (status, stored, expected) => {
    expect(statusMessage(status, stored, FALLBACK)).toBe(expected);
  });
});

describe("the local provider (no CF_API_TOKEN)", () => {
  const localEnv = Object.assign({}, env, { CF_API_TOKEN: "" });
  const local = (client: Client, method: string, path: string, body?: unknown) =>
    callWithEnv(localEnv, client, method, path, body);

  async function addLocally(client: Client, hostname: string) {
    const response = await local(client, "POST", "/api/domains", { domain: hostname });
    expect(response.status).toBe(201);
    return ((await response.json()) as { domain: CustomDomain }).domain;
  }

  async function verifyLocally(client: Client, id: string) {
    return (await (await local(client, "POST", `/api/domains/${id}/verify`)).json()) as VerifyDomainResponse;
  }

  it("makes a .localhost domain active on Verify, so a test on it redirects, without calling Cloudflare", async () => {
    const { client } = await verifiedClient();
    const hostname = `go-${crypto.randomUUID().slice(0, 8)}.localhost`;
    const domain = await addLocally(client, hostname);
    expect(domain.status).toBe("pending_validation");
    expect(await verifyLocally(client, domain.id)).toMatchObject({
      verified: true,
      message: "Domain is verified and active.",
      domain: { status: "active", verified: true },
    });
    const test = await createTest(client, { customDomainId: domain.id, customSlug: "summer" });
    const response = await visitDomain(hostname, "/summer", "http");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect([test.urlA, test.urlB]).toContain(`${location.origin}${location.pathname}`);

    expect((await local(client, "DELETE", `/api/domains/${domain.id}`)).status).toBe(200);
    expect(await cloudflareCalls(hostname)).toEqual([]);
  });

  it("keeps any other domain pending with the specification's message", async () => {
    const { client } = await verifiedClient();
    const domain = await addLocally(client, uniqueDomain());
    for (let i = 0; i < 2; i++) {
      expect(await verifyLocally(client, domain.id)).toMatchObject({
        verified: false,
        message: "Domain is pending verification. Please check your DNS settings.",
        domain: { status: "pending_validation" },
      });
    }
    expect(await cloudflareCalls(domain.domain)).toEqual([]);
  });
});

describe("deleting a domain", () => {
  it("deletes at Cloudflare first, then the row and its KV keys; its tests keep their default link", async () => {
    const { client } = await verifiedClient();
    const domain = await activeDomain(client);
    const test = await createTest(client, { customDomainId: domain.id, customSlug: "summer" });
    expect((await visitDomain(domain.domain, "/summer")).status).toBe(302);
    expect(await env.LINKS.get(`link:${domain.id}:summer`)).not.toBeNull();
    const hostnameId = (await row(domain.id))?.cf_hostname_id;

    const response = await client.json("DELETE", `/api/domains/${domain.id}`);
    expect(response.status).toBe(200);
    const calls = await cloudflareCalls(domain.domain);
    expect(calls.at(-1)).toEqual({
      method: "DELETE",
      path: `/zones/${FAKE_CLOUDFLARE.zoneId}/custom_hostnames/${hostnameId}`,
    });
    expect(await row(domain.id)).toBeNull();
    expect(await list(client)).toEqual([]);
    expect(await env.LINKS.get(`host:${domain.domain}`)).toBeNull();
    expect(await env.LINKS.get(`link:${domain.id}:summer`)).toBeNull();
    expect(await env.LINKS.get(`link:${domain.id}:${test.slug}`)).toBeNull();

    const detached = await env.DB.prepare("SELECT custom_domain_id FROM split_tests WHERE id = ?")
      .bind(test.id)
      .first<{ custom_domain_id: string | null }>();
    expect(detached?.custom_domain_id).toBeNull();
    expect((await open(new Client(), `/r/${test.slug}`, { headers: HUMAN })).status).toBe(302);
    const gone = await visitDomain(domain.domain, "/summer");
    expect(await gone.text()).toContain(`This domain (${domain.domain}) is not registered with SplitLink`);
  });

  it("keeps the domain when Cloudflare refuses the delete, so the user can try again", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain());
    await failAtCloudflare(domain.domain, {
      method: "DELETE",
      status: 500,
      errors: [{ code: 1500, message: "Internal Server Error" }],
    });
    const response = await client.json("DELETE", `/api/domains/${domain.id}`);
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe("Cloudflare refused the request: Internal Server Error");
    expect(await row(domain.id)).not.toBeNull();
  });

  it("counts a custom hostname Cloudflare no longer has as deleted", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain());
    await env.DB.prepare("UPDATE custom_domains SET cf_hostname_id = 'gone' WHERE id = ?")
      .bind(domain.id)
      .run();
    expect((await client.json("DELETE", `/api/domains/${domain.id}`)).status).toBe(200);
    expect(await row(domain.id)).toBeNull();
  });
});

describe("the hourly re-verification", () => {
  const reverify = () => runCron(CRONS.reverifyDomains);

  it("re-checks pending domains; one failing does not stop the others", async () => {
    // This file's storage is its own: start from a known set of domains.
    await env.DB.prepare("DELETE FROM custom_domains").run();
    const { client } = await verifiedClient();
    const ready = await added(client, uniqueDomain("ready"));
    const broken = await added(client, uniqueDomain("broken"));
    const waiting = await added(client, uniqueDomain("waiting"));
    const active = await activeDomain(client);
    await setAtCloudflare(ready.domain, { status: "active", sslStatus: "active" });
    await setAtCloudflare(waiting.domain, { sslStatus: "pending_validation" });
    await failAtCloudflare(broken.domain, {
      method: "GET",
      status: 500,
      errors: [{ code: 1500, message: "x" }],
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const activeCalls = (await cloudflareCalls(active.domain)).length;

    await reverify();

    expect((await row(ready.id))?.status).toBe("active");
    expect(await env.LINKS.get(`host:${ready.domain}`, "json")).toEqual({ id: ready.id, status: "active" });
    expect((await row(waiting.id))?.status).toBe("pending_validation");
    expect((await row(broken.id))?.status).toBe("new");
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({
        event: "domain_verification_failed",
        host: broken.domain,
        when: "scheduled",
      }),
    );
    // Active domains are left alone.
    expect(await cloudflareCalls(active.domain)).toHaveLength(activeCalls);
  });

  it("releases a claim never verified within 7 days, so the domain's real owner can add it", async () => {
    await env.DB.prepare("DELETE FROM custom_domains").run();
    const squatter = await verifiedClient();
    const owner = await verifiedClient();
    const squatted = await added(squatter.client, uniqueDomain("squatted"));
    const recent = await added(squatter.client, uniqueDomain("recent"));
    const active = await activeDomain(squatter.client);
    const age = (days: number, id: string) =>
      env.DB.prepare("UPDATE custom_domains SET created_at = ? WHERE id = ?")
        .bind(Date.now() - days * 24 * 60 * 60 * 1000, id)
        .run();
    await age(7.01, squatted.id);
    await age(6.9, recent.id);
    await age(30, active.id);
    expect(await addError(owner.client, squatted.domain)).toMatchObject({ status: 409 });

    await reverify();

    expect(await row(squatted.id)).toBeNull();
    expect((await cloudflareCalls(squatted.domain)).map((call) => call.method)).toContain("DELETE");
    expect(await row(recent.id)).not.toBeNull();
    expect((await row(active.id))?.status).toBe("active");
    expect(await list(squatter.client)).toHaveLength(2);
    expect((await add(owner.client, squatted.domain)).status).toBe(201);
  });

  it("checks a bounded batch per run", async () => {
    await env.DB.prepare("DELETE FROM custom_domains").run();
    const { userId } = await verifiedClient();
    for (let i = 0; i < 25; i++) await insertDomain(userId, uniqueDomain(`batch${i}`), "new");
    await reverify();
    // Each checked domain got its custom hostname created.
    const checked = await env.DB.prepare(
      "SELECT count(*) AS n FROM custom_domains WHERE cf_hostname_id IS NOT NULL",
    ).first<{ n: number }>();
    expect(checked?.n).toBe(20);
  });
});

describe("domains belong to their owner", () => {
  it("answers 'Domain not found' for another user's domain and leaves it alone", async () => {
    const owner = await verifiedClient();
    const other = await verifiedClient();
    const domain = await activeDomain(owner.client);
    const before = await cloudflareCalls(domain.domain);

    for (const [method, path] of [
      ["POST", `/api/domains/${domain.id}/verify`],
      ["DELETE", `/api/domains/${domain.id}`],
    ] as const) {
      const response = await other.client.json(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(response)).message).toBe("Domain not found");
    }
    expect(await list(other.client)).toEqual([]);
    const attach = await other.client.json("POST", "/api/tests", {
      name: "Borrowed",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      customDomainId: domain.id,
    });
    expect((await errorOf(attach)).message).toBe(TEST_MESSAGES.domainNotUsable);

    expect(await cloudflareCalls(domain.domain)).toEqual(before);
    expect((await row(domain.id))?.status).toBe("active");
  });

  it.each([
    ["GET", "/api/domains"],
    ["POST", "/api/domains"],
    ["POST", "/api/domains/some-id/verify"],
    ["DELETE", "/api/domains/some-id"],
  ])("%s %s refuses anonymous callers", async (method, path) => {
    const response = await new Client().json(
      method,
      path,
      method === "POST" ? { domain: "go.acme.io" } : undefined,
    );
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.sessionMissing);
  });
});

describe("a custom domain end to end", () => {
  it("refuses visitors until verified, then splits https://{domain}/{customSlug} like the default link", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain());
    const early = await visitDomain(domain.domain, "/summer");
    expect(early.status).toBe(404);
    expect(await early.text()).toContain(`This domain (${domain.domain}) is not verified with SplitLink yet`);

    await setAtCloudflare(domain.domain, { status: "active", sslStatus: "active" });
    expect((await verify(client, domain.id)).body.verified).toBe(true);
    const test = await createTest(client, { customDomainId: domain.id, customSlug: "summer" });
    expect(test.link).toBe(`https://${domain.domain}/summer`);

    const response = await visitDomain(domain.domain, "/summer");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    const variant = location.searchParams.get("variant");
    expect(["A", "B"]).toContain(variant);
    expect(`${location.origin}${location.pathname}`).toBe(variant === "A" ? test.urlA : test.urlB);
  });
});

describe("a domain's fallback URL (root and unknown paths)", () => {
  const SHOP = "https://shop.acme-shop.io/";

  it("sends the root and unknown paths there instead of the not-found page; links still split", async () => {
    const { client } = await verifiedClient();
    const domain = await activeDomain(client);
    const test = await createTest(client, { customDomainId: domain.id, customSlug: "summer" });
    expect((await visitDomain(domain.domain, "/")).status).toBe(400);
    expect((await visitDomain(domain.domain, "/nope")).status).toBe(404);

    const response = await client.json("PATCH", `/api/domains/${domain.id}`, { fallbackUrl: SHOP });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { domain: CustomDomain }).domain.fallbackUrl).toBe(SHOP);
    expect((await list(client))[0]?.fallbackUrl).toBe(SHOP);
    // The redirect reads it from the cached host entry.
    expect(await env.LINKS.get(`host:${domain.domain}`, "json")).toEqual({
      id: domain.id,
      status: "active",
      fallbackUrl: SHOP,
    });
    for (const path of ["/", "/nope", "/favicon.ico", "/a/b"]) {
      const fallback = await visitDomain(domain.domain, path);
      expect(fallback.status, path).toBe(302);
      expect(fallback.headers.get("location"), path).toBe(SHOP);
      expect(fallback.headers.get("set-cookie"), path).toBeNull();
    }
    for (const path of ["/summer", `/${test.slug}`]) {
      const split = await visitDomain(domain.domain, path);
      expect(new URL(split.headers.get("location") ?? "").searchParams.get("splitTestId"), path).toBe(
        test.id,
      );
    }

    const cleared = await client.json("PATCH", `/api/domains/${domain.id}`, { fallbackUrl: null });
    expect(((await cleared.json()) as { domain: CustomDomain }).domain.fallbackUrl).toBeNull();
    const notFound = await visitDomain(domain.domain, "/nope");
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain("Test not found");
  });

  it.each(["javascript:alert(1)", "shop.acme-shop.io", "ftp://shop.acme-shop.io/", 42])(
    "refuses %s as a fallback URL",
    async (fallbackUrl) => {
      const { client } = await verifiedClient();
      const domain = await activeDomain(client);
      const response = await client.json("PATCH", `/api/domains/${domain.id}`, { fallbackUrl });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(DOMAIN_MESSAGES.fallbackUrl);
      expect((await list(client))[0]?.fallbackUrl).toBeNull();
    },
  );

  it("cannot be set on another user's domain: 404, and its visitors see nothing new", async () => {
    const owner = await verifiedClient();
    const stranger = await verifiedClient();
    const domain = await activeDomain(owner.client);
    const response = await stranger.client.json("PATCH", `/api/domains/${domain.id}`, {
      fallbackUrl: "https://evil.example/",
    });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe(DOMAIN_MESSAGES.notFound);
    expect((await list(owner.client))[0]?.fallbackUrl).toBeNull();
    expect((await visitDomain(domain.domain, "/")).headers.get("location")).toBeNull();
    const anonymous = await new Client().json("PATCH", `/api/domains/${domain.id}`, { fallbackUrl: SHOP });
    expect(anonymous.status).toBe(401);
  });

  it("stays when the domain is verified again, and is not used before the domain is active", async () => {
    const { client } = await verifiedClient();
    const domain = await added(client, uniqueDomain());
    await client.json("PATCH", `/api/domains/${domain.id}`, { fallbackUrl: SHOP });
    expect((await visitDomain(domain.domain, "/")).status).toBe(404);
    await setAtCloudflare(domain.domain, { status: "active", sslStatus: "active" });
    expect((await verify(client, domain.id)).body.verified).toBe(true);
    expect((await visitDomain(domain.domain, "/")).headers.get("location")).toBe(SHOP);
  });
});

describe("deleting a domain releases its custom paths", () => {
  it("its tests keep /r/{slug}, and their paths become no default-domain path", async () => {
    const { client } = await verifiedClient();
    const domain = await activeDomain(client);
    const path = `brand-${crypto.randomUUID().slice(0, 6)}`;
    const test = await createTest(client, { customDomainId: domain.id, customSlug: path });
    expect((await client.json("DELETE", `/api/domains/${domain.id}`)).status).toBe(200);
    const released = await env.DB.prepare("SELECT custom_slug FROM split_tests WHERE id = ?")
      .bind(test.id)
      .first<{ custom_slug: string | null }>();
    expect(released?.custom_slug).toBeNull();
    expect((await open(new Client(), `/r/${path}`, { headers: HUMAN })).status).toBe(404);
    // The path is free on the default domain now.
    await expect(createTest(client, { customSlug: path })).resolves.toMatchObject({ customSlug: path });
  });
});
