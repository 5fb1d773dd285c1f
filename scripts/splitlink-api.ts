// What the benchmarks and the demo set up through SplitLink's own API, as a user would: an account,
// tests, a verified custom domain (names under .localhost verify through the local provider).
// The app must run with DEV_OUTBOX=true: the account's verification email is read from /dev/outbox.

import type { TestAnalyticsResponse, TestStats, TestWithStats } from "../contract/api.ts";
import { linkInOutbox } from "../tests/e2e/outbox.ts";

/**
 * The address of the n-th simulated visitor (10.0.0.0/8, which no real visitor shares), sent as
 * CF-Connecting-IP: `wrangler dev` keeps one a request brings. One address per visitor, as on the real
 * internet: from a single address, more than 30 new sessions of a link an hour are flagged as a burst
 * and counted nowhere (docs/conversions.md, "Forged traffic").
 */
export function visitorAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class ApiUser {
  readonly origin: string;
  readonly email: string;
  private cookie: string;
  private readonly password: string;

  private constructor(origin: string, email: string, password: string, cookie: string) {
    this.origin = origin;
    this.email = email;
    this.password = password;
    this.cookie = cookie;
  }

  /** Signs up, then logs in with the password: sign-up itself starts no session (the emailed link does). */
  static async signUp(
    origin: string,
    { email = `bench-${crypto.randomUUID()}@example.com`, password = "bench password 123" } = {},
  ): Promise<ApiUser> {
    await ApiUser.post(origin, "signup", email, password);
    return ApiUser.logIn(origin, email, password);
  }

  static async logIn(origin: string, email: string, password: string): Promise<ApiUser> {
    const response = await ApiUser.post(origin, "login", email, password);
    const access = response.headers.getSetCookie().find((c) => c.startsWith("sl_access="));
    return new ApiUser(origin, email, password, access?.split(";")[0] ?? "");
  }

  private static async post(origin: string, action: "signup" | "login", email: string, password: string) {
    const response = await fetch(`${origin}/api/auth/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`${action} failed: ${response.status} ${await response.text()}`);
    return response;
  }

  /** The same signed-in user, talking to the app at another origin (e.g. after a restart). */
  at(origin: string): ApiUser {
    return new ApiUser(origin, this.email, this.password, this.cookie);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const send = () =>
      fetch(`${this.origin}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: this.origin, cookie: this.cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let response = await send();
    // A long bench outlives the access token: signed in again, as the web app would refresh.
    if (response.status === 401) {
      this.cookie = (await ApiUser.logIn(this.origin, this.email, this.password)).cookie;
      response = await send();
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async createTest(fields: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
    const body = { name: "Bench", urlA: "https://example.com/a", urlB: "https://example.com/b", ...fields };
    return (await this.call<{ test: { id: string; slug: string } }>("POST", "/api/tests", body)).test;
  }

  /** The stats the dashboard shows for a test of this user. */
  async statsOf(testId: string): Promise<TestStats> {
    const { tests } = await this.call<{ tests: TestWithStats[] }>("GET", "/api/tests");
    const test = tests.find((candidate) => candidate.id === testId);
    if (!test) throw new Error(`test ${testId} is not in the list`);
    return test.stats;
  }

  /** Waits until the dashboard counts what was sent (clicks, humans and bots, and conversions): the queue has delivered it all. */
  async waitForCounts(testId: string, sent: { clicks: number; conversions?: number }, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const stats = await this.statsOf(testId);
      const counted = {
        clicks: stats.clicksA + stats.clicksB,
        conversions: stats.conversionsA + stats.conversionsB,
      };
      const conversions = sent.conversions ?? counted.conversions;
      if (counted.clicks === sent.clicks && counted.conversions === conversions) return;
      if (counted.clicks > sent.clicks || counted.conversions > conversions || Date.now() > deadline) {
        throw new Error(`test ${testId}: counted ${JSON.stringify(counted)}, sent ${JSON.stringify(sent)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Waits until the test has taken `sent` visits: counted clicks, and the visits it flagged as a burst
   * from one address (its traffic quality), which count in no variant.
   */
  async waitForVisits(slug: string, sent: number, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { analytics } = await this.call<TestAnalyticsResponse>("GET", `/api/tests/${slug}/analytics`);
      const taken =
        analytics.arms.reduce((sum, arm) => sum + arm.clicks, 0) +
        (analytics.trafficQuality.visits.find((row) => row.reason === "burst")?.events ?? 0);
      if (taken === sent) return;
      if (taken > sent || Date.now() > deadline)
        throw new Error(`test ${slug}: took ${taken} visits, sent ${sent}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Opens the link of the sign-up email from the local outbox, as the user would from their inbox. */
  async verifyEmail(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const outbox = await (await fetch(`${this.origin}/dev/outbox`)).text();
      const link = linkInOutbox(outbox, this.email, "/verify-email");
      if (link) {
        const token = new URL(link).searchParams.get("token");
        await this.call("POST", "/api/account/verify-email", { token });
        return;
      }
      if (Date.now() > deadline) throw new Error(`No verification email to ${this.email} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Verifies the account's email, adds the domain and verifies it; answers its id. */
  async verifiedDomain(domain: string): Promise<string> {
    await this.verifyEmail();
    const added = await this.call<{ domain: { id: string } }>("POST", "/api/domains", { domain });
    const verified = await this.call<{ domain: { status: string } }>(
      "POST",
      `/api/domains/${added.domain.id}/verify`,
    );
    if (verified.domain.status !== "active") throw new Error(`${domain} is ${verified.domain.status}`);
    return added.domain.id;
  }
}
