import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AuthResponse, EmailVerifiedResponse } from "../../contract/api";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { PBKDF2_ITERATIONS } from "../../worker/auth/password";
import { fromBase32, totp } from "../../worker/auth/totp";
import { MAILS_PER_MAILBOX_DAY, requesterOf } from "../../worker/services/limits";
import {
  Client,
  errorOf,
  GOOD_PASSWORD,
  inFreshRateLimitWindow,
  ORIGIN,
  signUpOverHttp,
  uniqueEmail,
  uniqueIp,
  verifiedClient,
} from "./helpers";
import { mailsTo, nthMailTo, tokenIn } from "./mail-helpers";

describe("sign-up", () => {
  it("creates the account with no session; the emailed link signs the user in with HttpOnly Secure SameSite=Lax cookies", async () => {
    const client = new Client();
    const email = uniqueEmail("New");
    const response = await client.json("POST", "/api/auth/signup", {
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ checkEmail: true });
    // No session: only the mark of the browser that signed up, which its link signs in.
    expect(client.lastSetCookies).toHaveLength(1);
    expect(client.lastSetCookies[0]).toMatch(
      /^sl_signup=[\w-]{43}; Max-Age=86400; Path=\/api\/account; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect((await client.fetch("/api/auth/me")).status).toBe(401);

    const token = tokenIn(await nthMailTo(email.toLowerCase()), "verify-email");
    const verified = await client.json("POST", "/api/account/verify-email", { token });
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as EmailVerifiedResponse;
    expect(body.message).toBe(ACCOUNT_MESSAGES.emailVerified);
    expect(body.session?.user.email).toBe(email.toLowerCase());
    expect(body.session?.emailVerified).toBe(true);
    expect(body.session?.expiresAt).toBeGreaterThan(Date.now());

    expect(client.lastSetCookies).toHaveLength(4);
    // Signed in, the browser's sign-up mark goes.
    expect(client.lastSetCookies.find((c) => c.startsWith("sl_signup="))).toMatch(/Max-Age=0/);
    const tokenCookies = client.lastSetCookies.filter((c) => /^sl_(access|refresh)=/.test(c));
    expect(tokenCookies).toHaveLength(2);
    for (const cookie of tokenCookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=Lax/);
    }
    // The marker the SPA reads holds no secret.
    expect(client.lastSetCookies.find((c) => c.startsWith("sl_signed_in="))).toMatch(/^sl_signed_in=1;/);
    expect(client.lastSetCookies.find((c) => c.startsWith("sl_refresh="))).toMatch(/Path=\/api\/auth/);

    const me = await client.fetch("/api/auth/me");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email.toLowerCase());
  });

  it("can be logged into with its password before the link is followed, unverified", async () => {
    const { client, email } = await signUpOverHttp();
    const me = (await (await client.fetch("/api/auth/me")).json()) as AuthResponse;
    expect(me).toMatchObject({ user: { email }, emailVerified: false });
  });

  it.each([
    ["no email", { password: GOOD_PASSWORD }],
    ["no password", { email: "a@example.com" }],
    ["empty email", { email: "   ", password: GOOD_PASSWORD }],
    ["empty password", { email: "a@example.com", password: "" }],
    ["a body that is not an object", "just text"],
  ])("refuses %s with the specification's message", async (_, body) => {
    const response = await new Client().json("POST", "/api/auth/signup", body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.missingCredentials);
  });

  it("refuses an email that is not an email", async () => {
    const response = await new Client().json("POST", "/api/auth/signup", {
      email: "not-an-email",
      password: GOOD_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it("refuses a short password with a weak-password error and its reasons", async () => {
    const response = await new Client().json("POST", "/api/auth/signup", {
      email: uniqueEmail(),
      password: "abc12",
    });
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe("weak_password");
    expect(error.message).toBe(AUTH_MESSAGES.weakPassword);
    expect(error.reasons).toEqual(["Password should be at least 8 characters."]);
  });

  it("refuses a common password, whatever its case", async () => {
    const response = await new Client().json("POST", "/api/auth/signup", {
      email: uniqueEmail(),
      password: "Password123",
    });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).reasons).toEqual(["Password is too common and easy to guess."]);
  });

  it("answers an email that has an account exactly as a new one, and tells the mailbox instead", async () => {
    const newcomer = new Client();
    const newEmail = await newcomer.json("POST", "/api/auth/signup", {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    const { email } = await verifiedClient();
    const prober = new Client();
    const taken = await prober.json("POST", "/api/auth/signup", {
      email: email.toUpperCase(),
      password: "another long passphrase",
    });
    expect(taken.status).toBe(newEmail.status);
    expect(await taken.json()).toEqual(await newEmail.json());
    const cookieNames = (client: Client) => client.lastSetCookies.map((cookie) => cookie.split("=")[0]);
    expect(cookieNames(prober)).toEqual(["sl_signup"]);
    expect(cookieNames(prober)).toEqual(cookieNames(newcomer));

    const mail = await nthMailTo(email);
    expect(mail.subject).toBe("You already have a SplitLink account");
    expect(mail.text).toContain(`${ORIGIN}/login`);
    expect(mail.text).not.toContain("token=");
    // The account is as it was: its password signs in, the prober's does not.
    const login = (password: string) => new Client().json("POST", "/api/auth/login", { email, password });
    expect((await login(GOOD_PASSWORD)).status).toBe(200);
    expect((await login("another long passphrase")).status).toBe(400);
  });

  it("sends at most 3 sign-up mails a minute to one address, from any address, alike with or without an account", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const { email: taken } = await verifiedClient();
    for (const email of [uniqueEmail("flood"), taken]) {
      const statuses: number[] = [];
      // Each attempt from a new address: the per-address limits do not stop it, the mailbox's does.
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await new Client().json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD })).status,
        );
      expect(statuses).toEqual([202, 202, 202, 429]);
      await nthMailTo(email, 3); // sent after the answers: waited for
      expect(await mailsTo(email)).toHaveLength(3);
    }
  });

  it("sends a new verification link when the email's account is not verified yet", async () => {
    const { client, email } = await signUpOverHttp();
    const again = await client.json("POST", "/api/auth/signup", { email, password: GOOD_PASSWORD });
    expect(again.status).toBe(202);
    const second = tokenIn(await nthMailTo(email, 2), "verify-email");
    const verified = await client.json("POST", "/api/account/verify-email", { token: second });
    expect(((await verified.json()) as EmailVerifiedResponse).session?.emailVerified).toBe(true);
  });

  it("never signs the mailbox's owner in to an account someone else made with their email, nor keeps that someone in", async () => {
    // Someone signs up with another person's email, signs in unverified, turns on a second factor and
    // makes an API key.
    const { client: intruder, email, userId } = await signUpOverHttp();
    const setup = (await (await intruder.json("POST", "/api/account/2fa/setup")).json()) as {
      secret: string;
    };
    const code = await totp(fromBase32(setup.secret), Date.now());
    expect((await intruder.json("POST", "/api/account/2fa/enable", { code })).status).toBe(200);
    const key = await intruder.json("POST", "/api/keys", { name: "Mine" });
    expect(key.status).toBe(201);
    const intruderKey = ((await key.json()) as { key: string }).key;
    const keyWorks = async () =>
      (await new Client().fetch("/api/v1/tests", { headers: { authorization: `Bearer ${intruderKey}` } }))
        .status;
    expect(await keyWorks()).toBe(200);

    // The link of that sign-up, opened by the owner from their inbox, changes nothing: the account is not
    // theirs while someone else knows its password.
    const owner = new Client();
    const first = tokenIn(await nthMailTo(email), "verify-email");
    const followed = await owner.json("POST", "/api/account/verify-email", { token: first });
    expect(followed.status).toBe(401);
    expect(owner.lastSetCookies).toEqual([]);
    const intruderMe = async () => (await intruder.fetch("/api/auth/me")).json() as Promise<AuthResponse>;
    expect((await intruderMe()).emailVerified).toBe(false);
    // The owner signs up with a password of their own; the link of that sign-up, in their browser, sets it
    // and signs them in, and whatever the intruder held ends: sessions, keys, password.
    const signedUp = await owner.json("POST", "/api/auth/signup", {
      email,
      password: "the owner's own passphrase",
    });
    expect(signedUp.status).toBe(202);
    const second = tokenIn(await nthMailTo(email, 2), "verify-email");
    expect(second).not.toBe(first);
    const verified = await owner.json("POST", "/api/account/verify-email", { token: second });
    expect(((await verified.json()) as EmailVerifiedResponse).session?.user.email).toBe(email);
    expect((await intruder.fetch("/api/auth/me")).status).toBe(401);
    expect((await intruder.json("POST", "/api/auth/refresh")).status).toBe(401);
    expect(await keyWorks()).toBe(401);
    const login = (password: string) => new Client().json("POST", "/api/auth/login", { email, password });
    expect((await login(GOOD_PASSWORD)).status).toBe(400);
    // The intruder's second factor went too: the owner's password alone signs in.
    expect(await (await login("the owner's own passphrase")).json()).toMatchObject({ user: { id: userId } });
  });

  it("never lets a stranger's sign-up again set the password of an unverified account its owner uses", async () => {
    // The owner signed up, and works in the account before following the link.
    const { client: owner, email } = await signUpOverHttp();
    const stranger = new Client();
    const again = await stranger.json("POST", "/api/auth/signup", {
      email,
      password: "the stranger's passphrase",
    });
    expect(again.status).toBe(202);
    // The owner follows the newest link, the stranger's sign-up's, in their own browser: verified only.
    const strangers = tokenIn(await nthMailTo(email, 2), "verify-email");
    const verified = await owner.json("POST", "/api/account/verify-email", { token: strangers });
    expect(((await verified.json()) as EmailVerifiedResponse).session).toBeNull();
    expect((await owner.fetch("/api/auth/me")).status).toBe(200);
    const login = (password: string) => new Client().json("POST", "/api/auth/login", { email, password });
    expect((await login("the stranger's passphrase")).status).toBe(400);
    expect((await login(GOOD_PASSWORD)).status).toBe(200);
  });

  it("stores the password as PBKDF2-SHA256 with exactly 100,000 iterations and a per-user salt", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const first = await signUpOverHttp();
    const second = await signUpOverHttp();
    const rows = await env.DB.prepare("SELECT password_hash FROM users WHERE id IN (?, ?)")
      .bind(first.userId, second.userId)
      .all<{ password_hash: string }>();
    const hashes = rows.results.map((r) => r.password_hash);
    for (const hash of hashes) {
      expect(hash).toMatch(/^pbkdf2_sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
      expect(hash).not.toContain(GOOD_PASSWORD);
    }
    expect(hashes[0]?.split("$")[2]).not.toBe(hashes[1]?.split("$")[2]);
  });
});

describe("login", () => {
  it("signs in with the right password, the email trimmed and in any case", async () => {
    const { email } = await signUpOverHttp();
    const client = new Client();
    const response = await client.json("POST", "/api/auth/login", {
      email: ` ${email.toUpperCase()}`,
      password: GOOD_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await client.fetch("/api/auth/me")).status).toBe(200);
  });

  it("answers the same for a wrong password and an unknown email", async () => {
    const { email } = await signUpOverHttp();
    const wrongPassword = await new Client().json("POST", "/api/auth/login", {
      email,
      password: "wrong password!",
    });
    const unknownEmail = await new Client().json("POST", "/api/auth/login", {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "invalid_credentials",
        message: "Invalid login credentials",
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("refuses missing credentials with the specification's message", async () => {
    const response = await new Client().json("POST", "/api/auth/login", {});
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.missingCredentials);
  });
});

describe("session", () => {
  it("refuses /me without a session or with a forged token", async () => {
    const anonymous = await new Client().fetch("/api/auth/me");
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).message).toBe("Auth session missing!");

    const forged = await new Client().fetch("/api/auth/me", {
      headers: { cookie: "sl_access=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl" },
    });
    expect(forged.status).toBe(401);
  });

  it("rotates the refresh token and keeps the user signed in", async () => {
    const { client, email } = await signUpOverHttp();
    const before = client.cookies.get("sl_refresh");
    const response = await client.json("POST", "/api/auth/refresh");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(client.cookies.get("sl_refresh")).toBeDefined();
    expect(client.cookies.get("sl_refresh")).not.toBe(before);
    expect((await client.fetch("/api/auth/me")).status).toBe(200);
  });

  it("revokes the whole session when an old refresh token is used again", async () => {
    const { client } = await signUpOverHttp();
    const stolen = client.cookies.get("sl_refresh");
    expect((await client.json("POST", "/api/auth/refresh")).status).toBe(200);

    const attacker = new Client();
    const replay = await attacker.json("POST", "/api/auth/refresh", undefined, {
      cookie: `sl_refresh=${stolen}`,
    });
    expect(replay.status).toBe(401);
    expect((await errorOf(replay)).code).toBe("invalid_refresh_token");

    // The rightful holder's newer token is dead too: the session family is revoked.
    const legit = await client.json("POST", "/api/auth/refresh");
    expect(legit.status).toBe(401);
  });

  it("refuses a refresh secret that was never valid without signing the owner out", async () => {
    const { client } = await signUpOverHttp();
    const [sessionId] = (client.cookies.get("sl_refresh") ?? "").split(".");
    for (const garbage of ["garbage", "a".repeat(43), ""]) {
      const forged = await new Client().json("POST", "/api/auth/refresh", undefined, {
        cookie: `sl_refresh=${sessionId}.${garbage}`,
      });
      expect(forged.status).toBe(401);
    }
    expect((await client.fetch("/api/auth/me")).status).toBe(200);
    expect((await client.json("POST", "/api/auth/refresh")).status).toBe(200);
  });

  it("ends the access token too when the session is revoked: after logout and after refresh-token theft", async () => {
    const loggedOut = await signUpOverHttp();
    const access = loggedOut.client.cookies.get("sl_access");
    expect((await loggedOut.client.json("POST", "/api/auth/logout")).status).toBe(200);
    const replayed = await new Client().fetch("/api/tests", { headers: { cookie: `sl_access=${access}` } });
    expect(replayed.status).toBe(401);

    const robbed = await signUpOverHttp();
    const stolen = robbed.client.cookies.get("sl_refresh");
    const attacker = new Client();
    expect(
      (await attacker.json("POST", "/api/auth/refresh", undefined, { cookie: `sl_refresh=${stolen}` }))
        .status,
    ).toBe(200);
    const attackerAccess = attacker.cookies.get("sl_access");
    // The rightful holder refreshes with the same (now old) token: theft detected, session revoked.
    expect((await robbed.client.json("POST", "/api/auth/refresh")).status).toBe(401);
    const afterTheft = await new Client().fetch("/api/tests", {
      headers: { cookie: `sl_access=${attackerAccess}` },
    });
    expect(afterTheft.status).toBe(401);
  });

  it("logs out: the session is revoked and the cookies cleared", async () => {
    const { client } = await signUpOverHttp();
    const refresh = client.cookies.get("sl_refresh");
    const response = await client.json("POST", "/api/auth/logout");
    expect(response.status).toBe(200);
    expect(client.lastSetCookies.every((c) => /Max-Age=0/.test(c))).toBe(true);
    expect(client.cookies.size).toBe(0);
    const reuse = await new Client().json("POST", "/api/auth/refresh", undefined, {
      cookie: `sl_refresh=${refresh}`,
    });
    expect(reuse.status).toBe(401);
  });
});

describe("rate limiting", () => {
  it("answers 429 with a clear message after too many attempts from one IP", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const client = new Client(uniqueIp());
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await client.json("POST", "/api/auth/login", {
        email: uniqueEmail(),
        password: "whatever1",
      });
      statuses.push(response.status);
      if (response.status === 429) expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.rateLimited);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("counts an IPv6 guesser by their /64: new low bits on each try start no new count", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const email = uniqueEmail("target");
    // Every address of one /64, as one phone or household holds them.
    const prefix = uniqueIp().split("::")[0];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const guesser = new Client(`${prefix}::${(i + 1).toString(16)}`);
      statuses.push(
        (await guesser.json("POST", "/api/auth/login", { email, password: `guess-${i}` })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("answers 429 after 10 attempts a minute on one email from one IP", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const email = uniqueEmail("target");
    const guesser = new Client(uniqueIp());
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await guesser.json("POST", "/api/auth/login", { email, password: `guess-${i}` });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("lets no stranger lock an owner out: ten wrong passwords from ten addresses, then the owner signs in", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const { email } = await signUpOverHttp();
    for (let i = 0; i < 10; i++) {
      const response = await new Client(uniqueIp()).json("POST", "/api/auth/login", {
        email,
        password: `guess-${i}`,
      });
      expect(response.status).toBe(400);
    }
    const owner = await new Client(uniqueIp()).json("POST", "/api/auth/login", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(owner.status).toBe(200);
  });
});

describe("rate limiting of sign-ups", () => {
  it("answers 429 after too many sign-ups from one IP, and on one email from one IP", async () => {
    await inFreshRateLimitWindow(60, 8_000);
    const fromOneIp = new Client(uniqueIp());
    const byIp: number[] = [];
    for (let i = 0; i < 21; i++)
      byIp.push(
        (await fromOneIp.json("POST", "/api/auth/signup", { email: uniqueEmail(), password: "short" }))
          .status,
      );
    expect(byIp.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(byIp[20]).toBe(429);

    const email = uniqueEmail("signup-target");
    const oneAddress = new Client(uniqueIp());
    const byEmail: number[] = [];
    for (let i = 0; i < 11; i++)
      byEmail.push((await oneAddress.json("POST", "/api/auth/signup", { email, password: "short" })).status);
    expect(byEmail.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(byEmail[10]).toBe(429);
  });
});

describe("a mailbox no one floods", () => {
  const today = () => Math.floor(Date.now() / 86_400_000);
  const mailsOfToday = (email: string) =>
    env.DB.prepare("SELECT sum(mails) AS mails FROM mailbox_days WHERE day = ? AND email = ?")
      .bind(today(), email)
      .first<number>("mails");
  const addressOf = (client: Client) =>
    requesterOf({ headers: new Headers({ "cf-connecting-ip": client.ip }) });

  it(`sends a mailbox at most ${MAILS_PER_MAILBOX_DAY} emails a day at one requester's request, never stopping its owner's, and forgets the days before`, async () => {
    const target = uniqueEmail("flooded");
    const flooder = new Client();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO mailbox_days (day, email, requester, mails) VALUES (?, ?, ?, ?)").bind(
        today(),
        target,
        addressOf(flooder),
        MAILS_PER_MAILBOX_DAY,
      ),
      env.DB.prepare(
        "INSERT INTO mailbox_days (day, email, requester, mails) VALUES (?, ?, 'address:x', 3)",
      ).bind(today() - 2, uniqueEmail("long-ago")),
    ]);
    // The flooder, from any address of their /64.
    const sameNetwork = new Client(`${flooder.ip.split("::")[0]}::beef`);
    for (const [client, path, body] of [
      [flooder, "/api/auth/signup", { email: target, password: GOOD_PASSWORD }],
      [sameNetwork, "/api/account/forgot-password", { email: target }],
    ] as const) {
      const refused = await client.json("POST", path, body);
      expect(refused.status, path).toBe(429);
      expect(await errorOf(refused)).toMatchObject({
        code: "rate_limited",
        message: ACCOUNT_MESSAGES.mailboxFull,
      });
    }
    expect(await mailsTo(target)).toEqual([]);
    // The mailbox's owner, from their own address, still gets theirs; the days before today are gone.
    expect(
      (await new Client().json("POST", "/api/auth/signup", { email: target, password: GOOD_PASSWORD }))
        .status,
    ).toBe(202);
    await nthMailTo(target);
    expect(await mailsOfToday(target)).toBe(MAILS_PER_MAILBOX_DAY + 3);
    const { results } = await env.DB.prepare("SELECT day FROM mailbox_days WHERE day < ?")
      .bind(today())
      .all();
    expect(results).toEqual([]);
  });
});

describe("API conventions", () => {
  it("refuses a cross-site form post (CSRF)", async () => {
    const response = await new Client().fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
      body: JSON.stringify({ email: "a@example.com", password: GOOD_PASSWORD }),
    });
    expect(response.status).toBe(403);
  });

  it("answers unknown API paths with the one error shape", async () => {
    const response = await new Client().fetch("/api/nope");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "not_found", message: "Not found" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers malformed JSON with a 400 in the one error shape", async () => {
    const response = await new Client().fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBeTypeOf("string");
  });
});
