import { describe, expect, it } from "vitest";
import { CONVERSION_MESSAGES } from "../../contract/messages";
import {
  Client,
  createApiKey,
  createTest,
  errorOf,
  GOOD_PASSWORD,
  publicApi,
  signedUpClient,
  uniqueEmail,
} from "./helpers";

// A currency by default (issue #47, point 7): a test created without one used to set aside every sale.

interface Workspace {
  id: string;
  personal: boolean;
  currency: string | null;
}

async function workspacesOf(client: Client): Promise<Workspace[]> {
  const response = await client.fetch("/api/workspaces");
  expect(response.status).toBe(200);
  return ((await response.json()) as { workspaces: Workspace[] }).workspaces;
}

describe("a workspace's currency", () => {
  it("is chosen at sign-up, and a new test without one takes it on both APIs", async () => {
    const client = new Client();
    const email = uniqueEmail();
    const signedUp = await client.json("POST", "/api/auth/signup", {
      email,
      password: GOOD_PASSWORD,
      currency: "EUR",
    });
    expect(signedUp.status).toBe(202);
    expect((await client.json("POST", "/api/auth/login", { email, password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    expect(await workspacesOf(client)).toMatchObject([{ personal: true, currency: "EUR" }]);

    expect(await createTest(client)).toMatchObject({ currency: "EUR" });
    // A test's own currency wins.
    expect(await createTest(client, { currency: "USD" })).toMatchObject({ currency: "USD" });
    const key = await createApiKey(client);
    const viaKey = await publicApi(key.key, "POST", "/tests", {
      name: "From the API",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
    });
    expect(viaKey.status).toBe(201);
    expect(((await viaKey.json()) as { test: { currency: string | null } }).test.currency).toBe("EUR");
  });

  it("is refused at sign-up when SplitLink does not know it, and absent when none is sent", async () => {
    const refused = await new Client().json("POST", "/api/auth/signup", {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      currency: "XYZ",
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(CONVERSION_MESSAGES.invalidCurrency);

    const { client } = await signedUpClient();
    expect(await workspacesOf(client)).toMatchObject([{ currency: null }]);
    expect(await createTest(client)).toMatchObject({ currency: null });
  });

  it("is changed by the owner in Settings, and new tests take the new one", async () => {
    const { client } = await signedUpClient();
    const [workspace] = await workspacesOf(client);
    const changed = await client.json("PATCH", `/api/workspaces/${workspace?.id}`, { currency: "GBP" });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { workspace: Workspace }).workspace.currency).toBe("GBP");
    expect(await createTest(client)).toMatchObject({ currency: "GBP" });

    const wrong = await client.json("PATCH", `/api/workspaces/${workspace?.id}`, { currency: "euro" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(CONVERSION_MESSAGES.invalidCurrency);
    expect(await workspacesOf(client)).toMatchObject([{ currency: "GBP" }]);
  });
});
