import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EmailVerifiedResponse } from "../../contract/api";
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from "../../contract/messages";
import { RECENT_PASSWORD_MS } from "../../contract/workspaces";
import { fromBase32, hotp, toBase32, totp } from "../../worker/auth/totp";
import {
  addMember,
  Client,
  createWorkspace,
  errorOf,
  GOOD_PASSWORD,
  inFreshRateLimitWindow,
  publicApi,
  signedUpClient,
  signUpOverHttp,
  verifiedClient,
} from "./helpers";
import { nthMailTo, tokenIn } from "./mail-helpers";

const RFC_SECRET = new TextEncoder().encode("12345678901234567890");

describe("TOTP", () => {
  it("matches RFC 6238 Appendix B (SHA-1, 8 digits)", async () => {
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(await totp(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it("matches RFC 4226 Appendix D (HOTP, 6 digits)", async () => {
    const codes = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583"];
    const more = ["399871", "520489"];
    for (const [counter, code] of [...codes, ...more].entries())
      expect(await hotp(RFC_SECRET, counter)).toBe(code);
  });

  it("reads and writes secrets in base32 as authenticator apps do", () => {
    expect(toBase32(RFC_SECRET)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(fromBase32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")).toEqual(RFC_SECRET);
  });
});

/** The code of the user's app `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => totp(fromBase32(secret), Date.now() + steps * 30_000);

async function enrolled(person: { client: Client; email: string; userId: string } | null = null) {
  person ??= await signedUpClient();
  const setup = await person.client.json("POST", "/api/account/2fa/setup");
  expect(setup.status).toBe(200);
  const { secret, otpauthUrl } = (await setup.json()) as { secret: string; otpauthUrl: string };
  const enable = await person.client.json("POST", "/api/account/2fa/enable", { code: await codeAt(secret) });
  expect(enable.status).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  return { ...person, secret, otpauthUrl, recoveryCodes };
}

async function logIn(email: string, password = GOOD_PASSWORD) {
  const client = new Client();
  const response = await client.json("POST", "/api/auth/login", { email, password });
  return { client, response };
}

describe("two-factor sign-in", () => {
  it("is set up with a secret for the app, enabled by a code, and gives ten recovery codes", async () => {
    const person = await signedUpClient();
    const setup = await person.client.json("POST", "/api/account/2fa/setup");
    const { secret, otpauthUrl } = (await setup.json()) as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/SplitLink%3A${encodeURIComponent(person.email)}?secret=${secret}&issuer=SplitLink&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = await person.client.json("POST", "/api/account/2fa/enable", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({
      code: "invalid_two_factor_code",
      message: TWO_FACTOR_MESSAGES.codeWrong,
    });
    // Not yet enabled: the login still answers a session.
    expect((await logIn(person.email)).client.cookies.has("sl_access")).toBe(true);

    const enable = await person.client.json("POST", "/api/account/2fa/enable", {
      code: await codeAt(secret),
    });
    expect(enable.status).toBe(200);
    const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await (await person.client.fetch("/api/account/2fa")).json()).toEqual({ enabled: true });

    // Neither the secret nor a recovery code is readable from the database alone.
    const stored = await env.DB.prepare("SELECT totp_secret FROM users WHERE id = ?")
      .bind(person.userId)
      .first<{ totp_secret: string }>();
    expect(stored?.totp_secret).not.toContain(secret);
    const { results } = await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?")
      .bind(person.userId)
      .all<{ code_hash: string }>();
    expect(results).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(results.map((row) => row.code_hash)).not.toContain(code);
      expect(results.map((row) => row.code_hash)).not.toContain(code.replace("-", ""));
    }
    // Setting up again while on would replace the secret the app has.
    const again = await person.client.json("POST", "/api/account/2fa/setup");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "two_factor_enabled" });
  });

  it("asks an enrolled user's login for a code, sets no session until it comes, and takes each code once", async () => {
    const person = await enrolled();
    const { client, response } = await logIn(person.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRequired: true });
    expect(client.cookies.has("sl_access")).toBe(false);
    expect(client.cookies.has("sl_refresh")).toBe(false);
    expect((await client.fetch("/api/auth/me")).status).toBe(401);

    const wrong = await client.json("POST", "/api/auth/2fa", { code: "123456" });
    expect(wrong.status).toBe(400);
    expect(client.cookies.has("sl_access")).toBe(false);

    const code = await codeAt(person.secret, 1);
    const signedIn = await client.json("POST", "/api/auth/2fa", { code });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { id: person.userId, email: person.email } });
    expect((await client.fetch("/api/auth/me")).status).toBe(200);

    // The same code a second time, from someone who saw it: refused.
    const replay = await logIn(person.email);
    expect((await replay.client.json("POST", "/api/auth/2fa", { code })).status).toBe(400);
    expect(replay.client.cookies.has("sl_access")).toBe(false);
  });

  it("lets a verification link verify an enrolled user's email but sign no one in: they log in with a code", async () => {
    const person = await enrolled(await signUpOverHttp());
    const token = tokenIn(await nthMailTo(person.email), "verify-email");
    // Opened in the browser that signed up, which holds no session of its own.
    const opener = new Client();
    opener.cookies.set("sl_signup", person.client.cookies.get("sl_signup") ?? "");
    const verified = await opener.json("POST", "/api/account/verify-email", { token });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as EmailVerifiedResponse).session).toBeNull();
    expect(opener.cookies.has("sl_access")).toBe(false);
    expect((await opener.fetch("/api/auth/me")).status).toBe(401);
    const { response } = await logIn(person.email);
    expect(await response.json()).toEqual({ twoFactorRequired: true });
  });

  it("takes a recovery code once instead of a code", async () => {
    const person = await enrolled();
    const [recovery = ""] = person.recoveryCodes;
    const first = await logIn(person.email);
    expect((await first.client.json("POST", "/api/auth/2fa", { code: recovery.toUpperCase() })).status).toBe(
      200,
    );
    expect((await first.client.fetch("/api/auth/me")).status).toBe(200);
    const second = await logIn(person.email);
    const reused = await second.client.json("POST", "/api/auth/2fa", { code: recovery });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toMatchObject({ code: "invalid_two_factor_code" });
  });

  it("answers 401 for a code without a login's challenge", async () => {
    const person = await enrolled();
    const stranger = new Client();
    const response = await stranger.json("POST", "/api/auth/2fa", { code: await codeAt(person.secret, 1) });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ message: TWO_FACTOR_MESSAGES.codeExpired });
    expect(stranger.cookies.has("sl_access")).toBe(false);
  });

  it("limits codes like logins: 10 a minute per user, from any address", async () => {
    await inFreshRateLimitWindow(60, 12_000);
    const person = await enrolled();
    // The code that enabled it was the first of the minute.
    for (let i = 0; i < 9; i++) {
      const { client } = await logIn(person.email);
      expect((await client.json("POST", "/api/auth/2fa", { code: "000000" })).status).toBe(400);
    }
    const { client } = await logIn(person.email);
    const limited = await client.json("POST", "/api/auth/2fa", { code: await codeAt(person.secret, 1) });
    expect(limited.status).toBe(429);
    expect(client.cookies.has("sl_access")).toBe(false);
  }, 40_000);

  it("is turned off only with a recent password: 403 reauth_required, then through after POST /api/auth/reauth", async () => {
    const person = await enrolled();
    await env.DB.prepare("UPDATE sessions SET password_at = ? WHERE user_id = ?")
      .bind(Date.now() - RECENT_PASSWORD_MS - 60_000, person.userId)
      .run();
    // A password in the body is no way around it.
    const stale = await person.client.json("DELETE", "/api/account/2fa", { password: GOOD_PASSWORD });
    expect(stale.status).toBe(403);
    expect(await errorOf(stale)).toMatchObject({
      code: "reauth_required",
      message: AUTH_MESSAGES.reauthRequired,
    });
    expect((await logIn(person.email)).client.cookies.has("sl_access")).toBe(false);

    const reauth = await person.client.json("POST", "/api/auth/reauth", { password: GOOD_PASSWORD });
    expect(reauth.status).toBe(200);
    const off = await person.client.json("DELETE", "/api/account/2fa");
    expect(off.status).toBe(200);
    expect((await logIn(person.email)).client.cookies.has("sl_access")).toBe(true);
    const { results } = await env.DB.prepare("SELECT 1 FROM recovery_codes WHERE user_id = ?")
      .bind(person.userId)
      .all();
    expect(results).toHaveLength(0);
  });
});

/** A team whose enrolled owner requires two-factor sign-in, and a member of `role` without it. */
async function teamRequiringIt(role: "owner" | "editor") {
  const owner = await enrolled();
  const team = await createWorkspace(owner.client);
  const member = await signedUpClient();
  await addMember(team, member.userId, role);
  expect(
    (await owner.client.json("PATCH", `/api/workspaces/${team}`, { requireTwoFactor: true })).status,
  ).toBe(200);
  return { owner, team, member };
}

describe("a workspace that requires two-factor sign-in", () => {
  it("can be required only by an owner who uses it", async () => {
    const owner = await signedUpClient();
    const team = await createWorkspace(owner.client);
    const refused = await owner.client.json("PATCH", `/api/workspaces/${team}`, { requireTwoFactor: true });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: "two_factor_required",
      message: TWO_FACTOR_MESSAGES.ownerNeedsItFirst,
    });
  });

  it("refuses a member without it with 403 two_factor_required there, and only there", async () => {
    const owner = await enrolled();
    const team = await createWorkspace(owner.client);
    const member = await signedUpClient();
    await addMember(team, member.userId, "editor");
    const editorPatch = await member.client.json("PATCH", `/api/workspaces/${team}`, {
      requireTwoFactor: true,
    });
    expect(editorPatch.status).toBe(403);
    expect(await errorOf(editorPatch)).toMatchObject({ code: "forbidden" });

    const required = await owner.client.json("PATCH", `/api/workspaces/${team}`, { requireTwoFactor: true });
    expect(required.status).toBe(200);
    expect(await required.json()).toMatchObject({ workspace: { id: team, requireTwoFactor: true } });

    const inTeam = { "SplitLink-Workspace": team };
    const blocked = await member.client.json("GET", "/api/tests", undefined, inTeam);
    expect(blocked.status).toBe(403);
    expect(await errorOf(blocked)).toMatchObject({
      code: "two_factor_required",
      message: TWO_FACTOR_MESSAGES.required,
    });
    expect((await member.client.fetch(`/api/workspaces/${team}/members`)).status).toBe(403);
    // Their own workspace, and the owner in the team, go on.
    expect((await member.client.fetch("/api/tests")).status).toBe(200);
    expect((await owner.client.json("GET", "/api/tests", undefined, inTeam)).status).toBe(200);
    const listed = (await (await member.client.fetch("/api/workspaces")).json()) as {
      workspaces: { id: string; requireTwoFactor: boolean }[];
    };
    expect(listed.workspaces.find((w) => w.id === team)).toMatchObject({ requireTwoFactor: true });

    // Once the member turns it on, the workspace opens.
    const setup = await member.client.json("POST", "/api/account/2fa/setup");
    const { secret } = (await setup.json()) as { secret: string };
    await member.client.json("POST", "/api/account/2fa/enable", { code: await codeAt(secret) });
    expect((await member.client.json("GET", "/api/tests", undefined, inTeam)).status).toBe(200);
  });

  it("keeps a co-owner without it from lifting it, deleting the workspace or reading its tag", async () => {
    const { team, member: coOwner } = await teamRequiringIt("owner");

    for (const [method, path, body] of [
      ["PATCH", `/api/workspaces/${team}`, { requireTwoFactor: false }],
      ["PATCH", `/api/workspaces/${team}`, { name: "Taken over" }],
      ["DELETE", `/api/workspaces/${team}`, undefined],
      ["GET", `/api/workspaces/${team}/site-tag`, undefined],
    ] as const) {
      const refused = await coOwner.client.json(method, path, body);
      expect(refused.status, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code: "two_factor_required" });
    }
    const row = await env.DB.prepare(
      "SELECT name, require_two_factor, deleted_at FROM workspaces WHERE id = ?",
    )
      .bind(team)
      .first<{ name: string; require_two_factor: number; deleted_at: number | null }>();
    expect(row).toMatchObject({ require_two_factor: 1, deleted_at: null });
    expect(row?.name).not.toBe("Taken over");
  });

  it("stops a key made before it was required while its maker lacks it, and lets it on once they turn it on", async () => {
    const owner = await enrolled();
    const team = await createWorkspace(owner.client);
    const member = await signedUpClient();
    await addMember(team, member.userId, "editor");
    const inTeam = { "SplitLink-Workspace": team };
    const made = await member.client.json("POST", "/api/keys", { name: "Old CI" }, inTeam);
    expect(made.status).toBe(201);
    const { key } = (await made.json()) as { key: string };
    expect((await publicApi(key, "GET", "/tests")).status).toBe(200);

    expect(
      (await owner.client.json("PATCH", `/api/workspaces/${team}`, { requireTwoFactor: true })).status,
    ).toBe(200);
    for (const [method, path, body] of [
      ["GET", "/tests", undefined],
      ["POST", "/tests", { name: "Via key", urlA: "https://shop.example/a", urlB: "https://shop.example/b" }],
    ] as const) {
      const refused = await publicApi(key, method, path, body);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({
        code: "two_factor_required",
        message: TWO_FACTOR_MESSAGES.required,
      });
    }

    const setup = await member.client.json("POST", "/api/account/2fa/setup");
    const { secret } = (await setup.json()) as { secret: string };
    await member.client.json("POST", "/api/account/2fa/enable", { code: await codeAt(secret) });
    expect((await publicApi(key, "GET", "/tests")).status).toBe(200);
  });

  it("asks it of a member who creates an API key there, as of every other cookie-API action", async () => {
    const { team, member } = await teamRequiringIt("editor");
    const inTeam = { "SplitLink-Workspace": team };
    const refused = await member.client.json("POST", "/api/keys", { name: "CI" }, inTeam);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "two_factor_required" });
    const { results } = await env.DB.prepare("SELECT 1 FROM api_keys WHERE workspace_id = ?")
      .bind(team)
      .all();
    expect(results).toHaveLength(0);

    const setup = await member.client.json("POST", "/api/account/2fa/setup");
    const { secret } = (await setup.json()) as { secret: string };
    await member.client.json("POST", "/api/account/2fa/enable", { code: await codeAt(secret) });
    expect((await member.client.json("POST", "/api/keys", { name: "CI" }, inTeam)).status).toBe(201);
  });
});

describe("a password reset and the second factor", () => {
  const resetWithLink = async (email: string) => {
    expect((await new Client().json("POST", "/api/account/forgot-password", { email })).status).toBe(200);
    const token = tokenIn(await nthMailTo(email), "reset-password");
    return new Client().json("POST", "/api/account/reset-password", {
      token,
      password: "a brand new passphrase",
    });
  };

  it("still asks a verified user for their code", async () => {
    const person = await enrolled(await verifiedClient());
    expect(await (await resetWithLink(person.email)).json()).toEqual({ twoFactorRequired: true });
  });

  it("turns off a second factor turned on before anyone proved the mailbox: it may be a stranger's", async () => {
    // Someone signed up with this email and turned a second factor on; the mailbox's owner resets.
    const stranger = await enrolled();
    const reset = await resetWithLink(stranger.email);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ user: { email: stranger.email }, emailVerified: true });
    const { response } = await logIn(stranger.email, "a brand new passphrase");
    expect(await response.json()).toMatchObject({ user: { email: stranger.email } });
    expect((await stranger.client.fetch("/api/auth/me")).status).toBe(401);
  });
});
