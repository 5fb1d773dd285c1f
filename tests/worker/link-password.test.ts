import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TestWithStats } from "../../contract/api";
import { LINK_PASSWORD_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import { activeDomain } from "./domain-helpers";
import {
  addMember,
  type Client,
  clicksOf,
  createApiKey,
  createWorkspace,
  errorOf,
  eventsOf,
  eventually,
  fetchWorker,
  HUMAN,
  inFreshRateLimitWindow,
  open,
  publicApi,
  signedUpClient,
  uniqueIp,
  Client as Visitor,
  verifiedClient,
} from "./helpers";

// A password on a link (issue #49 point 3, docs/guarantees.md "Password links"): visitors get a page
// asking for it; a right answer sets the link's pass and the visit counts as usual.

const PASSWORD = "spring-2027";
const FORM = { ...HUMAN, "content-type": "application/x-www-form-urlencoded" };

async function newLink(client: Client, body: Record<string, unknown> = {}): Promise<TestWithStats> {
  const response = await client.json("POST", "/api/tests", {
    name: "Members' poster",
    urlA: "https://shop.example/members",
    minimumDays: 0,
    password: PASSWORD,
    ...body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { test: TestWithStats }).test;
}

/** The form's POST, as a browser sends it from the page. */
function answer(visitor: Client, path: string, password: string, headers: Record<string, string> = {}) {
  return open(visitor, path, {
    method: "POST",
    headers: { ...FORM, ...headers },
    body: new URLSearchParams({ password }).toString(),
  });
}

async function countsOf(testId: string): Promise<{ clicks: number; uncounted: number }> {
  const uncounted = await (await eventsOf(testId))
    .prepare("SELECT coalesce(sum(events), 0) AS n FROM traffic_quality WHERE split_test_id = ?")
    .bind(testId)
    .first<{ n: number }>();
  return { clicks: await clicksOf(testId), uncounted: uncounted?.n ?? 0 };
}

describe("password links (issue #49, point 3)", () => {
  it("shows the password page and counts nothing until the right answer, which sets the pass and counts the click", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    expect(link.passwordProtected).toBe(true);
    const visitor = new Visitor();

    const asked = await open(visitor, `/r/${link.slug}?utm_source=poster`, { headers: HUMAN });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("no-store");
    expect(asked.headers.get("x-robots-tag")).toBe("noindex");
    expect(asked.headers.get("set-cookie")).toBeNull();
    const html = await asked.text();
    expect(html).toContain(LINK_PASSWORD_MESSAGES.heading);
    expect(html).toContain(`<label for="password">${LINK_PASSWORD_MESSAGES.label}</label>`);
    expect(html).toContain(`action="/r/${link.slug}?utm_source=poster"`);
    expect(html).not.toContain("shop.example");

    const wrong = await answer(visitor, `/r/${link.slug}?utm_source=poster`, "autumn");
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain(`role="alert">${LINK_PASSWORD_MESSAGES.wrong}</p>`);
    expect(wrongHtml).toContain(`aria-invalid="true"`);

    const right = await answer(visitor, `/r/${link.slug}?utm_source=poster`, PASSWORD);
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/r/${link.slug}?utm_source=poster`);
    const setCookie = right.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(
      new RegExp(`^sl_pw_${link.id}=[^;]+; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax; Secure$`),
    );
    // Nothing was counted, nor queued, before the right answer.
    expect(await countsOf(link.id)).toEqual({ clicks: 0, uncounted: 0 });

    const through = await open(visitor, `/r/${link.slug}?utm_source=poster`, { headers: HUMAN });
    expect(through.status).toBe(302);
    const location = new URL(through.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://shop.example/members");
    expect(location.searchParams.get("utm_source")).toBe("poster");
    const sessionId = location.searchParams.get("sessionId");
    await eventually(async () => (await countsOf(link.id)).clicks === 1);
    expect(await countsOf(link.id)).toEqual({ clicks: 1, uncounted: 0 });
    const row = await (await eventsOf(link.id))
      .prepare("SELECT session_id FROM clicks WHERE split_test_id = ?")
      .bind(link.id)
      .first<{ session_id: string }>();
    expect(row?.session_id).toBe(sessionId);
  });

  it("asks on the link's own custom domain, and posts back there", async () => {
    const { client } = await verifiedClient();
    const domain = await activeDomain(client);
    const link = await newLink(client, { customDomainId: domain.id, customSlug: "members" });
    const visitor = { "cf-connecting-ip": uniqueIp() };
    const asked = await fetchWorker(`https://${domain.domain}/members`, {
      headers: { ...HUMAN, ...visitor },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(`action="/members"`);
    const body = new URLSearchParams({ password: PASSWORD }).toString();
    const right = await fetchWorker(`https://${domain.domain}/members`, {
      method: "POST",
      headers: { ...FORM, ...visitor },
      body,
      redirect: "manual",
    });
    expect(right.status).toBe(303);
    const pass = (right.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(pass.startsWith(`sl_pw_${link.id}=`)).toBe(true);
    const through = await fetchWorker(`https://${domain.domain}/members`, {
      headers: { ...HUMAN, ...visitor, cookie: pass },
      redirect: "manual",
    });
    expect(through.status).toBe(302);
    expect(through.headers.get("location")).toContain("https://shop.example/members");
  });

  it("limits the answers per address: one address refused, another still answered", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    const guesser = new Visitor();
    const neighbour = new Visitor();
    // AUTH_IP_LIMITER: 20 a minute per address (wrangler.toml).
    await inFreshRateLimitWindow(60, 15_000);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await answer(guesser, `/r/${link.slug}`, `guess-${i}`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Refused before the check: even the right password gets no pass from that address now.
    const limited = await answer(guesser, `/r/${link.slug}`, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("set-cookie")).toBeNull();
    expect(await limited.text()).toContain(LINK_PASSWORD_MESSAGES.tooMany);
    // Another address is not held back by the first one's guesses.
    const other = await answer(neighbour, `/r/${link.slug}`, PASSWORD);
    expect(other.status).toBe(303);
  });

  it("refuses another link's pass, and a pass from before the password changed", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    const other = await newLink(client, { name: "Other poster" });
    const visitor = new Visitor();
    expect((await answer(visitor, `/r/${other.slug}`, PASSWORD)).status).toBe(303);
    const otherPass = visitor.cookies.get(`sl_pw_${other.id}`) ?? "";
    // The other link's pass, under this link's name: still the page.
    const borrowed = await open(new Visitor(), `/r/${link.slug}`, {
      headers: { ...HUMAN, cookie: `sl_pw_${link.id}=${otherPass}` },
    });
    expect(borrowed.status).toBe(200);
    expect(await borrowed.text()).toContain(LINK_PASSWORD_MESSAGES.heading);

    expect((await answer(visitor, `/r/${link.slug}`, PASSWORD)).status).toBe(303);
    expect((await open(visitor, `/r/${link.slug}`, { headers: HUMAN })).status).toBe(302);
    // Changed, even to the same words: everyone who gave the old one is asked again.
    const changed = await client.json("PATCH", `/api/tests/${link.id}`, { password: PASSWORD });
    expect(changed.status).toBe(200);
    const again = await open(visitor, `/r/${link.slug}`, { headers: HUMAN });
    expect(again.status).toBe(200);
    // Removed: the link redirects everyone again, with no page.
    const removed = await client.json("PATCH", `/api/tests/${link.id}`, { password: null });
    expect(((await removed.json()) as { test: TestWithStats }).test.passwordProtected).toBe(false);
    expect((await open(new Visitor(), `/r/${link.slug}`, { headers: HUMAN })).status).toBe(302);
  });

  it("changes a completed test's password, whose link still sends visitors to the winner, and nothing else of it", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client, { urlB: "https://shop.example/members-b" });
    expect((await client.json("POST", `/api/tests/${link.id}/promote`, { variant: "B" })).status).toBe(200);
    const visitor = new Visitor();
    expect((await answer(visitor, `/r/${link.slug}`, PASSWORD)).status).toBe(303);

    const changed = await client.json("PATCH", `/api/tests/${link.id}`, { password: "autumn-2027" });
    expect(changed.status).toBe(200);
    // The old pass and the old password no longer open it; the new one does, to the winner.
    expect((await open(visitor, `/r/${link.slug}`, { headers: HUMAN })).status).toBe(200);
    expect((await answer(new Visitor(), `/r/${link.slug}`, PASSWORD)).status).toBe(403);
    const newcomer = new Visitor();
    expect((await answer(newcomer, `/r/${link.slug}`, "autumn-2027")).status).toBe(303);
    const sent = await open(newcomer, `/r/${link.slug}`, { headers: HUMAN });
    expect(sent.headers.get("location")).toMatch(/^https:\/\/shop\.example\/members-b/);

    // Anything else of a completed test is still refused, the password with it.
    const refused = await client.json("PATCH", `/api/tests/${link.id}`, { password: null, stopEarly: true });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("test_completed");
    const removed = await client.json("PATCH", `/api/tests/${link.id}`, { password: null, tags: ["spring"] });
    expect(((await removed.json()) as { test: TestWithStats }).test).toMatchObject({
      passwordProtected: false,
      tags: ["spring"],
      status: "completed",
    });
    expect((await open(new Visitor(), `/r/${link.slug}`, { headers: HUMAN })).status).toBe(302);
  });

  it("never lets bots, card fetchers, HEAD requests or previews through, even with the pass", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client, { urlB: "https://shop.example/members-b" });
    const visitor = new Visitor();
    expect((await answer(visitor, `/r/${link.slug}`, PASSWORD)).status).toBe(303);
    const cases: [string, RequestInit][] = [
      ["a crawler", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }],
      [
        "a card fetcher",
        { headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" } },
      ],
      ["a HEAD", { method: "HEAD", headers: HUMAN }],
    ];
    for (const [, init] of cases) {
      const response = await open(visitor, `/r/${link.slug}`, init);
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
    }
    const preview = await open(visitor, `/r/${link.slug}?preview=B`, { headers: HUMAN });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain(LINK_PASSWORD_MESSAGES.heading);
    // A bot's POST of the right password is not even checked.
    const botAnswer = await answer(new Visitor(), `/r/${link.slug}`, PASSWORD, {
      "user-agent": "curl/8.5.0",
    });
    expect(botAnswer.status).toBe(200);
    expect(botAnswer.headers.get("set-cookie")).toBeNull();
    expect(await countsOf(link.id)).toEqual({ clicks: 0, uncounted: 0 });
  });

  it("answers passwordProtected and never the password or its hash, and refuses a short or long one", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    const hash = await env.DB.prepare("SELECT password_hash FROM split_tests WHERE id = ?")
      .bind(link.id)
      .first<{ password_hash: string }>();
    expect(hash?.password_hash).toMatch(/^pbkdf2_sha256\$/);
    // The event shard's copy of the test holds no hash (worker/db/shards.ts).
    const copy = await (await eventsOf(link.id))
      .prepare("SELECT password_hash FROM split_tests WHERE id = ?")
      .bind(link.id)
      .first<{ password_hash: string | null }>();
    expect(copy).toEqual({ password_hash: null });
    const { key } = await createApiKey(client);
    const bodies = [
      await (await client.fetch(`/api/tests/${link.slug}`)).text(),
      await (await client.fetch("/api/tests")).text(),
      await (await publicApi(key, "GET", `/tests/${link.id}`)).text(),
      await (await publicApi(key, "GET", "/tests")).text(),
    ];
    for (const body of bodies) {
      expect(body).toContain(`"passwordProtected":true`);
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain("pbkdf2");
    }
    // Set through the public API, and recorded in the history without the password.
    const plain = await newLink(client, { password: undefined });
    expect(plain.passwordProtected).toBe(false);
    const set = await publicApi(key, "PATCH", `/tests/${plain.id}`, { password: "open sesame" });
    expect(set.status).toBe(200);
    const history = await (await publicApi(key, "GET", `/tests/${plain.id}/history`)).text();
    expect(history).toContain(`"action":"test.password_changed"`);
    expect(history).toContain(`"passwordProtected":true`);
    expect(history).not.toContain("open sesame");

    for (const password of ["abc", "x".repeat(101), 1234]) {
      const refused = await client.json("PATCH", `/api/tests/${link.id}`, { password });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(LINK_PASSWORD_MESSAGES.length);
    }
    const created = await client.json("POST", "/api/tests", {
      name: "Short",
      urlA: "https://shop.example/a",
      password: "abc",
    });
    expect(created.status).toBe(400);
    expect((await errorOf(created)).message).toBe(LINK_PASSWORD_MESSAGES.length);
  });

  it("keeps another workspace and a viewer from setting or removing it", async () => {
    const { client: owner } = await signedUpClient();
    const team = await createWorkspace(owner);
    owner.workspace = team;
    const link = await newLink(owner);
    const { client: stranger } = await signedUpClient();
    for (const password of ["stolen-pass", null]) {
      const refused = await stranger.json("PATCH", `/api/tests/${link.id}`, { password });
      expect(refused.status).toBe(404);
    }
    const strangerKey = await createApiKey(stranger);
    expect((await publicApi(strangerKey.key, "PATCH", `/tests/${link.id}`, { password: null })).status).toBe(
      404,
    );
    const { client: viewer, userId } = await signedUpClient();
    await addMember(team, userId, "viewer");
    viewer.workspace = team;
    const byViewer = await viewer.json("PATCH", `/api/tests/${link.id}`, { password: null });
    expect(byViewer.status).toBe(403);
    expect(await errorOf(byViewer)).toMatchObject({
      code: "forbidden",
      message: WORKSPACE_MESSAGES.viewerCannotChange,
    });
    // Still asked for.
    expect((await open(new Visitor(), `/r/${link.slug}`, { headers: HUMAN })).status).toBe(200);
  });
});
