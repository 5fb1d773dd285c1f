// What the Node benchmarks set up through SplitLink's own API, as a user would: an account,
// tests, a verified custom domain (names under .localhost verify through the local provider).

export class ApiUser {
  readonly origin: string;
  private readonly cookie: string;

  private constructor(origin: string, cookie: string) {
    this.origin = origin;
    this.cookie = cookie;
  }

  static async signUp(origin: string): Promise<ApiUser> {
    const signup = await fetch(`${origin}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        email: `bench-${crypto.randomUUID()}@example.com`,
        password: "bench password 123",
      }),
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
    const access = signup.headers.getSetCookie().find((c) => c.startsWith("sl_access="));
    return new ApiUser(origin, access?.split(";")[0] ?? "");
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: this.origin, cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async createTest(fields: Record<string, string> = {}): Promise<{ id: string; slug: string }> {
    const body = { name: "Bench", urlA: "https://example.com/a", urlB: "https://example.com/b", ...fields };
    return (await this.call<{ test: { id: string; slug: string } }>("POST", "/api/tests", body)).test;
  }

  /** Adds the domain and verifies it; answers its id. */
  async verifiedDomain(domain: string): Promise<string> {
    const added = await this.call<{ domain: { id: string } }>("POST", "/api/domains", { domain });
    const verified = await this.call<{ domain: { status: string } }>(
      "POST",
      `/api/domains/${added.domain.id}/verify`,
    );
    if (verified.domain.status !== "active") throw new Error(`${domain} is ${verified.domain.status}`);
    return added.domain.id;
  }
}
