import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { AuthResponse, CustomDomain } from "../../contract/api";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { CRONS } from "../../worker/crons";
import { domainSlugKey, hostKey, slugKey } from "../../worker/link-cache/keys";
import { FAKE_CLOUDFLARE } from "./cloudflare-fake";
import {
  addMember,
  Client,
  createApiKey,
  createTest,
  createWorkspace,
  errorOf,
  eventually,
  fetchWorker,
  GOOD_PASSWORD,
  inFreshRateLimitWindow,
  insertDomain,
  loggedEvents,
  publicApi,
  runCron,
  signedUpClient,
  signUpOverHttp,
  uniqueEmail,
  uniqueIp,
  verifiedClient,
} from "./helpers";
import { mailsTo, nthMailTo, tokenIn } from "./mail-helpers";
import { receiverUrl } from "./webhook-receiver";

const NEW_PASSWORD = "a brand new passphrase";

async function me(client: Client) {
  const response = await client.fetch("/api/auth/me");
  return { status: response.status, body: response.ok ? ((await response.json()) as AuthResponse) : null };
}

async function logIn(email: string, password: string, client = new Client()) {
  return client.json("POST", "/api/auth/login", { email, password });
}

const verify = (token: string, client = new Client()) =>
  client.json("POST", "/api/account/verify-email", { token });
const forgot = (email: string, client = new Client()) =>
  client.json("POST", "/api/account/forgot-password", { email });
const reset = (token: string, password: string, client = new Client()) =>
  client.json("POST", "/api/account/reset-password", { token, password });

async function verificationToken(email: string, n = 1) {
  return tokenIn(await nthMailTo(email, n), "verify-email");
}

async function resetToken(email: string, n = 1) {
  return tokenIn(await nthMailTo(email, n), "reset-password");
}

function expireTokens(userId: string) {
  return env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE user_id = ?")
    .bind(Date.now() - 1, userId)
    .run();
}

describe("email verification", () => {
  it("verifies the email with the link of the sign-up email, signing in the browser that signed up and nobody out", async () => {
    const browser = new Client();
    const email = uniqueEmail();
    expect((await browser.json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD })).status).toBe(
      202,
    );
    const otherDevice = new Client();
    const loggedIn = await logIn(email, GOOD_PASSWORD, otherDevice);
    const userId = ((await loggedIn.json()) as AuthResponse).user.id;
    expect((await me(otherDevice)).body?.emailVerified).toBe(false);

    const response = await browser.json("POST", "/api/account/verify-email", {
      token: await verificationToken(email),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.emailVerified,
      session: { user: { id: userId, email }, emailVerified: true },
    });

    expect((await me(browser)).body?.user.id).toBe(userId);
    expect((await me(otherDevice)).body?.emailVerified).toBe(true);
    expect((await browser.json("POST", "/api/auth/refresh")).status).toBe(200);
    expect((await otherDevice.json("POST", "/api/auth/refresh")).status).toBe(200);
  });

  it("changes nothing from a browser that neither signed up nor is signed in: verified once its user logs in there", async () => {
    const { email, userId } = await signUpOverHttp();
    const token = await verificationToken(email);
    const elsewhere = new Client();
    const refused = await elsewhere.json("POST", "/api/account/verify-email", { token });
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({
      code: "log_in_to_verify",
      message: ACCOUNT_MESSAGES.logInToVerify,
    });
    expect(elsewhere.lastSetCookies).toEqual([]);
    // Nor from a browser signed in to another account: a stranger holding the link verifies nothing.
    const stranger = await signUpOverHttp();
    const strangers = await stranger.client.json("POST", "/api/account/verify-email", { token });
    expect(await errorOf(strangers)).toMatchObject({ code: "log_in_to_verify" });
    expect((await me(stranger.client)).body).toMatchObject({ user: { id: stranger.userId } });
    expect((await me((await logInClient(email)).client)).body?.emailVerified).toBe(false);

    expect((await logIn(email, GOOD_PASSWORD, elsewhere)).status).toBe(200);
    const verified = await elsewhere.json("POST", "/api/account/verify-email", { token });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, session: null });
    expect((await me(elsewhere)).body).toMatchObject({ user: { id: userId }, emailVerified: true });
  });

  it("works once: the same link again is refused", async () => {
    const { client, email } = await signUpOverHttp();
    const token = await verificationToken(email);
    expect((await verify(token, client)).status).toBe(200);
    const again = await verify(token, client);
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({
      code: "invalid_link",
      message: ACCOUNT_MESSAGES.invalidLink,
    });
  });

  it("refuses a link after 24 hours", async () => {
    const { email, userId } = await signUpOverHttp();
    const token = await verificationToken(email);
    const stored = await env.DB.prepare("SELECT created_at, expires_at FROM email_tokens WHERE user_id = ?")
      .bind(userId)
      .first<{ created_at: number; expires_at: number }>();
    expect((stored?.expires_at ?? 0) - (stored?.created_at ?? 0)).toBe(24 * 60 * 60 * 1000);
    await expireTokens(userId);
    expect(await errorOf(await verify(token))).toMatchObject({ message: ACCOUNT_MESSAGES.invalidLink });
    expect((await me((await logInClient(email)).client)).body?.emailVerified).toBe(false);
  });

  it("refuses a tampered, a malformed and a missing token, and stores only its hash", async () => {
    const { client, email, userId } = await signUpOverHttp();
    const token = await verificationToken(email);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "short", `${token}x`, ""]) {
      const response = await verify(bad);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(ACCOUNT_MESSAGES.invalidLink);
    }
    expect((await new Client().json("POST", "/api/account/verify-email", {})).status).toBe(400);
    const row = await env.DB.prepare("SELECT token_hash FROM email_tokens WHERE user_id = ?")
      .bind(userId)
      .first();
    expect(JSON.stringify(row)).not.toContain(token);
    // The untampered link still works.
    expect((await verify(token, client)).status).toBe(200);
  });

  it("does not take a password-reset link as a verification link", async () => {
    const { email } = await signUpOverHttp();
    await forgot(email);
    const response = await verify(await resetToken(email, 2));
    expect(response.status).toBe(400);
  });

  it("resends the email with a fresh link on request, up to 3 a minute", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const { client, email } = await signUpOverHttp();
    await nthMailTo(email);
    for (let n = 2; n <= 4; n++) {
      const response = await client.json("POST", "/api/account/verification-email");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationSent });
      expect(await verificationToken(email, n)).not.toBe(await verificationToken(email, n - 1));
    }
    const limited = await client.json("POST", "/api/account/verification-email");
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toMatchObject({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.mailRateLimited,
    });
    expect(await mailsTo(email)).toHaveLength(4);
  });

  it("refuses to resend to a verified user or a visitor", async () => {
    const { client } = await verifiedClient();
    const verified = await client.json("POST", "/api/account/verification-email");
    expect(verified.status).toBe(409);
    expect((await errorOf(verified)).message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
    expect((await new Client().json("POST", "/api/account/verification-email")).status).toBe(401);
  });
});

describe("what an unverified user may do", () => {
  it("creates tests at once", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    expect(test.slug).toBeTruthy();
  });

  it("may not add a custom domain until verified: 403 with a clear message, nothing sent to Cloudflare", async () => {
    const { client, email } = await signUpOverHttp();
    const hostname = `go-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`;
    const refused = await client.json("POST", "/api/domains", { domain: hostname });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: "email_not_verified",
      message: ACCOUNT_MESSAGES.verifyToAddDomains,
    });
    const calls = await fetch(`${FAKE_CLOUDFLARE.origin}/__fake/calls?hostname=${hostname}`);
    expect(await calls.json()).toEqual([]);

    await verify(await verificationToken(email), client);
    expect((await client.json("POST", "/api/domains", { domain: hostname })).status).toBe(201);
  });
});

async function logInClient(email: string, password = GOOD_PASSWORD) {
  const client = new Client();
  const response = await logIn(email, password, client);
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return { client };
}

describe("password reset", () => {
  it("answers the same whether or not the email has an account, and mails only the account", async () => {
    const { email } = await signUpOverHttp();
    const unknown = uniqueEmail("nobody");
    const known = await forgot(email);
    const stranger = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    const bodies = [await known.json(), await stranger.json()];
    expect(bodies[0]).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(known.headers.getSetCookie()).toEqual(stranger.headers.getSetCookie());

    const mail = await nthMailTo(email, 2);
    expect(mail.subject).toBe("Reset your SplitLink password");
    expect(mail.html).toContain(
      `https://app.splitlink.test/reset-password?token=${tokenIn(mail, "reset-password")}`,
    );
    // Long enough for the background work of the unknown email to have run too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it("mails links to APP_HOST outside development, whatever Host the request names", async () => {
    const { email } = await signUpOverHttp();
    const attacker = "https://attacker.workers.dev";
    const ask = (environment: string) =>
      fetchWorker(
        `${attacker}/api/account/forgot-password`,
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: attacker, "cf-connecting-ip": uniqueIp() },
          body: JSON.stringify({ email }),
        },
        { bindings: { ...env, ENVIRONMENT: environment } },
      );
    expect((await ask("staging")).status).toBe(200);
    const staging = await nthMailTo(email, 2);
    expect(staging.text).toContain("https://app.splitlink.test/reset-password?token=");
    expect(staging.text).not.toContain("attacker");
    // In development a preview host is trusted, so links work on the machine that sent them.
    expect((await ask("development")).status).toBe(200);
    expect((await nthMailTo(email, 3)).text).toContain(`${attacker}/reset-password?token=`);
  });

  it("sets the new password, revokes every session, signs this browser in and verifies the email", async () => {
    const { client: oldSession, email } = await signUpOverHttp();
    await forgot(email);
    const browser = new Client();
    const response = await reset(await resetToken(email, 2), NEW_PASSWORD, browser);
    expect(response.status).toBe(200);
    expect(((await response.json()) as AuthResponse).emailVerified).toBe(true);
    expect((await me(browser)).status).toBe(200);

    // A page reloaded in the old session signs out at once, not when its access token expires.
    expect((await me(oldSession)).status).toBe(401);
    expect((await oldSession.json("POST", "/api/auth/refresh")).status).toBe(401);
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(400);
    expect((await logIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("revokes every API key, and says so in the email", async () => {
    const { client, email } = await signUpOverHttp();
    const { key } = await createApiKey(client, "Made by an intruder");
    expect((await publicApi(key, "GET", "/tests")).status).toBe(200);
    await forgot(email);
    const mail = await nthMailTo(email, 2);
    expect(mail.text).toContain(ACCOUNT_MESSAGES.resetRevokes);
    const browser = new Client();
    expect((await reset(tokenIn(mail, "reset-password"), NEW_PASSWORD, browser)).status).toBe(200);
    expect((await publicApi(key, "GET", "/tests")).status).toBe(401);
    const list = (await (await browser.fetch("/api/keys")).json()) as { keys: unknown[] };
    expect(list.keys).toEqual([]);
  });

  it("applies sign-up's strength rules, and a refused password leaves the link usable", async () => {
    const { email } = await signUpOverHttp();
    await forgot(email);
    const token = await resetToken(email, 2);
    const weak = await reset(token, "short");
    expect(weak.status).toBe(422);
    expect(await errorOf(weak)).toMatchObject({
      code: "weak_password",
      message: AUTH_MESSAGES.weakPassword,
      reasons: ["Password should be at least 8 characters."],
    });
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it("takes each link once, and a used link retires the other open ones", async () => {
    const { email } = await signUpOverHttp();
    await forgot(email);
    await forgot(email);
    const first = await resetToken(email, 2);
    const second = await resetToken(email, 3);
    expect((await reset(second, NEW_PASSWORD)).status).toBe(200);
    for (const used of [second, first]) {
      const again = await reset(used, "yet another passphrase");
      expect(again.status).toBe(400);
      expect((await errorOf(again)).message).toBe(ACCOUNT_MESSAGES.invalidLink);
    }
    expect((await logIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a link older than 1 hour", async () => {
    const { email, userId } = await signUpOverHttp();
    await forgot(email);
    const token = await resetToken(email, 2);
    const stored = await env.DB.prepare(
      "SELECT created_at, expires_at FROM email_tokens WHERE user_id = ? AND purpose = 'reset_password'",
    )
      .bind(userId)
      .first<{ created_at: number; expires_at: number }>();
    expect((stored?.expires_at ?? 0) - (stored?.created_at ?? 0)).toBe(60 * 60 * 1000);
    await expireTokens(userId);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(400);
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("limits requests per email (3 a minute), from any address", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const { email } = await signUpOverHttp();
    for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
    const limited = await forgot(email);
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe(ACCOUNT_MESSAGES.mailRateLimited);
    // The same for an email without an account: the limit tells nothing either.
    const unknown = uniqueEmail("nobody");
    for (let i = 0; i < 3; i++) await forgot(unknown);
    expect((await forgot(unknown)).status).toBe(429);
  });

  it("limits requests per client IP (20 a minute)", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const client = new Client(uniqueIp());
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await client.json("POST", "/api/account/forgot-password", {
        email: uniqueEmail("spray"),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("refuses an email that is not an email with sign-up's message", async () => {
    const response = await forgot("not-an-email");
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.invalidEmail);
  });
});

describe("changing the password", () => {
  const change = (client: Client, currentPassword: string, newPassword: string) =>
    client.json("POST", "/api/account/password", { currentPassword, newPassword });

  it("needs the current password, keeps this session and revokes the others", async () => {
    const { client, email } = await signedUpClient();
    const { client: otherDevice } = await logInClient(email);

    const wrong = await change(client, "not my password", NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({
      code: "invalid_password",
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
    });

    const response = await change(client, GOOD_PASSWORD, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged, revokedApiKeys: [] });
    expect((await me(client)).status).toBe(200);
    expect((await client.json("POST", "/api/auth/refresh")).status).toBe(200);
    expect((await me(otherDevice)).status).toBe(401);
    expect((await otherDevice.json("POST", "/api/auth/refresh")).status).toBe(401);
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(400);
    expect((await logIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("applies sign-up's strength rules and refuses the same password", async () => {
    const { client } = await signedUpClient();
    const weak = await change(client, GOOD_PASSWORD, "password1");
    expect(weak.status).toBe(422);
    expect((await errorOf(weak)).reasons).toEqual(["Password is too common and easy to guess."]);
    const same = await change(client, GOOD_PASSWORD, GOOD_PASSWORD);
    expect(same.status).toBe(422);
    expect((await errorOf(same)).message).toBe(ACCOUNT_MESSAGES.samePassword);
  });

  it("answers 429 after 10 attempts a minute per user, from any address, so a stolen session cannot guess on", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const { client, email } = await signedUpClient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await client.json(
        "POST",
        "/api/account/password",
        { currentPassword: `guess number ${i}`, newPassword: NEW_PASSWORD },
        { "cf-connecting-ip": uniqueIp() },
      );
      statuses.push(response.status);
      if (response.status === 429) expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.rateLimited);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits: the limit does not tell a right guess from a wrong one.
    expect((await change(client, GOOD_PASSWORD, NEW_PASSWORD)).status).toBe(429);
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("retires open reset links", async () => {
    const { client, email } = await signUpOverHttp();
    await forgot(email);
    const token = await resetToken(email, 2);
    expect((await change(client, GOOD_PASSWORD, NEW_PASSWORD)).status).toBe(200);
    expect((await reset(token, "yet another passphrase")).status).toBe(400);
  });

  it("is for signed-in users only", async () => {
    expect((await change(new Client(), GOOD_PASSWORD, NEW_PASSWORD)).status).toBe(401);
  });
});

describe("deleting the account", () => {
  const remove = (client: Client, email: string) =>
    client.json("DELETE", "/api/account", { email, password: GOOD_PASSWORD });

  async function count(sql: string, ...values: unknown[]) {
    const row = await env.DB.prepare(sql)
      .bind(...values)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  /** A verified user with an active custom domain at Cloudflare, tests on it and off it, clicks and conversions. */
  async function fullAccount() {
    const owner = await verifiedClient();
    const hostname = `go-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`;
    const added = await owner.client.json("POST", "/api/domains", { domain: hostname });
    const domain = ((await added.json()) as { domain: CustomDomain }).domain;
    await fetch(`${FAKE_CLOUDFLARE.origin}/__fake/hostnames/${hostname}`, {
      method: "PUT",
      body: JSON.stringify({ status: "active", sslStatus: "active" }),
    });
    await owner.client.json("POST", `/api/domains/${domain.id}/verify`);
    const onDomain = await createTest(owner.client, { customDomainId: domain.id, customSlug: "summer" });
    const plain = await createTest(owner.client);
    const now = Date.now();
    for (const test of [onDomain, plain]) {
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO clicks (id, split_test_id, variant, session, is_bot, timestamp) VALUES (?, ?, 'A', CAST('s1' AS BLOB), 0, ?)",
        ).bind(crypto.randomUUID(), test.id, now),
        env.DB.prepare(
          "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp) VALUES (?, ?, 'A', 's1', ?)",
        ).bind(crypto.randomUUID(), test.id, now),
        // Their rollup, as the queue consumer counts it with them.
        env.DB.prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, 'A', 1, 1, 1)",
        ).bind(test.id, now - (now % 3_600_000)),
      ]);
    }
    const linkKeys = [slugKey(plain.slug), slugKey(onDomain.slug), domainSlugKey(domain.id, "summer")];
    await eventually(async () =>
      (await Promise.all(linkKeys.map((key) => env.LINKS.get(key)))).every(Boolean),
    );
    return { ...owner, hostname, domain, tests: [onDomain, plain], linkKeys };
  }

  it("deletes tests, clicks, conversions, rollups, domains (at Cloudflare too), sessions, API keys and KV keys (the tests' data by the archive cron)", async () => {
    const account = await fullAccount();
    const apiKey = await createApiKey(account.client);
    const { client: otherDevice } = await logInClient(account.email);
    const testIds = account.tests.map((t) => t.id);
    expect(
      await count("SELECT count(*) AS n FROM test_stats_hourly WHERE split_test_id IN (?, ?)", ...testIds),
    ).toBe(2);

    const response = await remove(account.client, ` ${account.email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(account.client.cookies.size).toBe(0);

    const id = account.userId;
    expect(await count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM email_tokens WHERE user_id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM custom_domains WHERE user_id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM api_keys WHERE user_id = ?", id)).toBe(0);
    expect((await publicApi(apiKey.key, "GET", "/tests")).status).toBe(401);
    // The tests' events, rollups and rows, and then the user row, go in the archive cron's chunks.
    await runCron(CRONS.archive);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM split_tests WHERE user_id = ?", id)).toBe(0);
    for (const table of ["clicks", "conversions", "test_stats_hourly"])
      expect(
        await count(`SELECT count(*) AS n FROM ${table} WHERE split_test_id IN (?, ?)`, ...testIds),
      ).toBe(0);

    const calls = (await (
      await fetch(`${FAKE_CLOUDFLARE.origin}/__fake/calls?hostname=${account.hostname}`)
    ).json()) as { method: string }[];
    expect(calls.at(-1)?.method).toBe("DELETE");
    for (const key of [...account.linkKeys, hostKey(account.hostname)])
      expect(await env.LINKS.get(key)).toBeNull();
    expect((await new Client().fetch(`/r/${account.tests[1]?.slug}`, { redirect: "manual" })).status).toBe(
      404,
    );

    expect((await me(account.client)).status).toBe(401);
    expect((await me(otherDevice)).status).toBe(401);
    expect((await otherDevice.json("POST", "/api/auth/refresh")).status).toBe(401);
    expect((await logIn(account.email, GOOD_PASSWORD)).status).toBe(400);
  });

  it("frees the email at once: it signs up again before the archive cron has purged the old account", async () => {
    const { client, email, userId } = await signUpOverHttp();
    await createTest(client);
    expect((await remove(client, email)).status).toBe(200);
    const again = await signUpOverHttp(email);
    expect(again.userId).not.toBe(userId);
    expect((await again.client.fetch("/api/tests")).status).toBe(200);
    expect(((await (await again.client.fetch("/api/tests")).json()) as { tests: unknown[] }).tests).toEqual(
      [],
    );
  });

  it("refuses when the typed email does not match, deleting nothing", async () => {
    const { client, userId } = await signedUpClient();
    const response = await remove(client, "someone-else@example.com");
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({
      code: "confirmation_mismatch",
      message: ACCOUNT_MESSAGES.confirmEmailMismatch,
    });
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(1);
    expect((await me(client)).status).toBe(200);
  });

  it("keeps everything when Cloudflare refuses to delete a hostname, so the user can try again", async () => {
    const account = await fullAccount();
    await fetch(`${FAKE_CLOUDFLARE.origin}/__fake/failures/${account.hostname}`, {
      method: "PUT",
      body: JSON.stringify({
        method: "DELETE",
        status: 500,
        errors: [{ code: 1000, message: "Internal error" }],
      }),
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await remove(account.client, account.email);
    expect(response.status).toBe(502);
    // The request log reports the 502 as an error, for the operators.
    expect(loggedEvents(error)).toContainEqual(expect.objectContaining({ event: "request", status: 502 }));
    error.mockClear();
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", account.userId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM split_tests WHERE user_id = ?", account.userId)).toBe(2);
    expect((await me(account.client)).status).toBe(200);

    await fetch(`${FAKE_CLOUDFLARE.origin}/__fake/failures/${account.hostname}`, { method: "DELETE" });
    expect((await remove(account.client, account.email)).status).toBe(200);
  });

  it("is for signed-in users only", async () => {
    expect((await remove(new Client(), "a@example.com")).status).toBe(401);
  });

  it("a viewer of another user's personal workspace deleting their account leaves it and everything in it untouched", async () => {
    const owner = await verifiedClient();
    const test = await createTest(owner.client);
    const key = await createApiKey(owner.client);
    const hook = await owner.client.json("POST", "/api/webhooks", {
      url: receiverUrl(),
      events: ["test.completed"],
    });
    expect(hook.status).toBe(201);
    const domainId = await insertDomain(owner.userId, `go-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`);
    const viewer = await signedUpClient();
    await addMember(owner.userId, viewer.userId, "viewer");
    // An editor too, whose account goes as well: their membership goes, the workspace stays.
    const editor = await signedUpClient();
    await addMember(owner.userId, editor.userId, "editor");

    expect((await remove(viewer.client, viewer.email)).status).toBe(200);
    expect((await remove(editor.client, editor.email)).status).toBe(200);
    await runCron(CRONS.archive);

    const workspace = await env.DB.prepare("SELECT deleted_at FROM workspaces WHERE id = ?")
      .bind(owner.userId)
      .first<{ deleted_at: number | null }>();
    expect(workspace).toEqual({ deleted_at: null });
    expect(
      await count("SELECT count(*) AS n FROM split_tests WHERE id = ? AND deleted_at IS NULL", test.id),
    ).toBe(1);
    const visitor = new Client();
    const redirect = await visitor.fetch(`/r/${test.slug}`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect((await publicApi(key.key, "GET", "/tests")).status).toBe(200);
    const hooks = (await (await owner.client.fetch("/api/webhooks")).json()) as { webhooks: unknown[] };
    expect(hooks.webhooks).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM custom_domains WHERE id = ?", domainId)).toBe(1);
    const mine = (await (await owner.client.fetch("/api/workspaces")).json()) as {
      workspaces: { id: string; personal: boolean }[];
    };
    expect(mine.workspaces).toContainEqual(expect.objectContaining({ id: owner.userId, personal: true }));
    // Only the viewer's and the editor's own memberships went.
    expect(await count("SELECT count(*) AS n FROM memberships WHERE workspace_id = ?", owner.userId)).toBe(1);
    // The viewer's own personal workspace went with their account.
    expect(
      await count("SELECT count(*) AS n FROM workspaces WHERE id = ? AND deleted_at IS NULL", viewer.userId),
    ).toBe(0);
  });

  it("still refuses the last owner of a shared workspace, and lets a co-owner of another's personal workspace go", async () => {
    const owner = await signedUpClient();
    const team = await createWorkspace(owner.client);
    const member = await signedUpClient();
    await addMember(team, member.userId, "viewer");
    const refused = await remove(owner.client, owner.email);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "last_owner",
      message: ACCOUNT_MESSAGES.lastOwnerOfWorkspace,
    });

    // A co-owner of the owner's personal workspace is not its last owner: its user stays its owner.
    const coOwner = await signedUpClient();
    await addMember(owner.userId, coOwner.userId, "owner");
    const test = await createTest(owner.client);
    expect((await remove(coOwner.client, coOwner.email)).status).toBe(200);
    expect((await new Client().fetch(`/r/${test.slug}`, { redirect: "manual" })).status).toBe(302);
  });
});
