import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "../../contract/messages";
import { errorOf, fetchWorker, GOOD_PASSWORD, loggedEvents, signUpOverHttp, uniqueEmail } from "./helpers";
import { FAKE_MAIL } from "./mail-fake";
import { failMailTo, mailsTo, nthMailTo, tokenIn } from "./mail-helpers";

/** A request to the Worker running with other settings, its background work done before answering. */
const callWithEnv = (bindings: Env, url: string, init: RequestInit = {}) =>
  fetchWorker(url, init, { bindings });

const signUpAt = (workerEnv: Env, origin: string, email: string) =>
  callWithEnv(workerEnv, `${origin}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });

/** The outbox page as `wrangler dev` passes it on: the connecting address in CF-Connecting-IP. */
const outboxPage = (
  workerEnv: Env,
  headers: Record<string, string> = {},
  url = "http://localhost:8787/dev/outbox",
) => callWithEnv(workerEnv, url, { headers: { "cf-connecting-ip": "127.0.0.1", ...headers } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the mail provider (Resend's HTTP API)", () => {
  it("sends the verification email from MAIL_FROM with the API key, a link to this app and an idempotency key", async () => {
    const { email } = await signUpOverHttp();
    const mail = await nthMailTo(email);
    expect(mail).toMatchObject({
      from: FAKE_MAIL.from,
      to: [email],
      subject: "Verify your email for SplitLink",
    });
    const token = tokenIn(mail, "verify-email");
    expect(mail.html).toContain(`https://app.splitlink.test/verify-email?token=${token}`);
    expect(mail.idempotencyKey).toBe(token);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("answers a clear message when the provider refuses a message the user asked for", async () => {
    const { client, email } = await signUpOverHttp();
    await nthMailTo(email);
    await failMailTo(email, 500);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await client.json("POST", "/api/account/verification-email");
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatchObject({
      code: "mail_failed",
      message: ACCOUNT_MESSAGES.mailFailed,
    });
  });

  it("still signs the user up when the provider fails; the failure is logged", async () => {
    const email = uniqueEmail();
    await failMailTo(email, 503);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await signUpAt(env, "https://app.splitlink.test", email);
    expect(response.status).toBe(202);
    expect(loggedEvents(logged)).toContainEqual(expect.objectContaining({ event: "mail_send_failed" }));
    logged.mockClear();
  });
});

describe("the local outbox (no MAIL_API_KEY, DEV_OUTBOX=true)", () => {
  const localEnv = Object.assign({}, env, { MAIL_API_KEY: "", DEV_OUTBOX: "true" });

  it("keeps and prints the message instead of calling a provider, and lists it with its link on /dev/outbox", async () => {
    const email = uniqueEmail("outbox");
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    expect((await signUpAt(localEnv, "http://localhost:8787", email)).status).toBe(202);
    expect(await mailsTo(email)).toEqual([]);
    const line = printed.mock.calls.map((call) => String(call[0])).find((text) => text.includes(email));
    expect(line).toMatch(/http:\/\/localhost:8787\/verify-email\?token=[\w-]{43}/);

    const page = await outboxPage(localEnv);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(email);
    const link = line?.match(/http:\/\/localhost:8787\/verify-email\?token=[\w-]{43}/)?.[0] ?? "";
    expect(html).toContain(`href="${link}"`);
  });

  it("lists the newest message first", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const first = uniqueEmail("older");
    const second = uniqueEmail("newer");
    await signUpAt(localEnv, "http://localhost:8787", first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await signUpAt(localEnv, "http://localhost:8787", second);
    const html = await (await outboxPage(localEnv)).text();
    expect(html.indexOf(second)).toBeGreaterThan(-1);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
  });
});

describe("the outbox page is off in production", () => {
  it("answers 404 without DEV_OUTBOX, as in wrangler.toml", async () => {
    const response = await outboxPage(env);
    expect(response.status).toBe(404);
  });

  it("answers 404 on the app's public host even with DEV_OUTBOX=true", async () => {
    const devEnv = Object.assign({}, env, { DEV_OUTBOX: "true" });
    const response = await outboxPage(devEnv, {}, "https://app.splitlink.test/dev/outbox");
    expect(response.status).toBe(404);
  });

  it("answers 404 on localhost when the request did not come from this machine (a proxy in front of the dev server)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const devEnv = Object.assign({}, env, { MAIL_API_KEY: "", DEV_OUTBOX: "true" });
    expect((await outboxPage(devEnv)).status).toBe(200);
    const probes: Record<string, string>[] = [
      { "cf-connecting-ip": "203.0.113.9" },
      { "cf-connecting-ip": "127.0.0.1", "x-forwarded-for": "203.0.113.9" },
      { "cf-connecting-ip": "127.0.0.1", forwarded: "for=203.0.113.9" },
    ];
    for (const headers of probes) expect((await outboxPage(devEnv, headers)).status).toBe(404);
    expect((await callWithEnv(devEnv, "http://localhost:8787/dev/outbox")).status).toBe(404);
  });

  it("sends nothing and logs an error when neither a provider nor the outbox is configured", async () => {
    const bareEnv = Object.assign({}, env, { MAIL_API_KEY: "" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const printed = vi.spyOn(console, "log");
    const email = uniqueEmail("unconfigured");
    expect((await signUpAt(bareEnv, "https://app.splitlink.test", email)).status).toBe(202);
    expect(loggedEvents(logged).map((line) => line.event)).toEqual(["mail_not_configured"]);
    logged.mockClear();
    expect(printed.mock.calls.flat().join(" ")).not.toContain(email);
    expect(await mailsTo(email)).toEqual([]);
  });
});
