import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ShareLinkResponse } from "../../contract/api";
import { SHARE_MESSAGES } from "../../contract/messages";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import {
  Client,
  clickedVisitor,
  createApiKey,
  createTest,
  eventsOf,
  ORIGIN,
  publicApi,
  signedUpClient,
  uniqueEmail,
} from "./helpers";

// Issue #34, point 5: a test's read-only report link.

const DAY = 24 * 3_600_000;

/** A clear winner (B converts twice as often as A) in the rollup, three days ago. */
async function seedClearWinner(testId: string) {
  const day = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
  const db = await eventsOf(testId);
  await db.batch(
    [
      ["A", 1_000, 100],
      ["B", 1_000, 200],
    ].map(([variant, visitors, conversions]) =>
      db
        .prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(testId, day, variant, visitors, visitors, conversions),
    ),
  );
}

/** A member of the owner's workspace with a role (the invitations are tested on their own). */
async function memberOf(workspaceId: string, role: "editor" | "viewer") {
  const member = await signedUpClient();
  await env.DB.prepare(
    "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
  )
    .bind(workspaceId, member.userId, role, Date.now())
    .run();
  return member;
}

const inWorkspace = (id: string) => ({ [WORKSPACE_HEADER]: id });

async function share(client: Client, slug: string, headers: Record<string, string> = {}) {
  return client.json("POST", `/api/tests/${slug}/share`, undefined, headers);
}

async function urlOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as ShareLinkResponse).url;
}

const pathOf = (url: string) => new URL(url).pathname;

describe("share links", () => {
  it("the owner makes one link, the same again on a second POST, and GET shows it", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    expect(await (await client.fetch(`/api/tests/${test.slug}/share`)).json()).toEqual({ url: null });
    const url = await urlOf(await share(client, test.slug));
    expect(url).toMatch(new RegExp(`^${ORIGIN}/report/[\\w-]{43}$`));
    expect(await urlOf(await share(client, test.slug))).toBe(url);
    expect(await (await client.fetch(`/api/tests/${test.slug}/share`)).json()).toEqual({ url });
  });

  it("an editor may share; a viewer gets 403, another workspace's member and a stranger 404, anonymous 401", async () => {
    const owner = await signedUpClient();
    const test = await createTest(owner.client);
    const editor = await memberOf(owner.userId, "editor");
    const viewer = await memberOf(owner.userId, "viewer");
    const url = await urlOf(await share(editor.client, test.slug, inWorkspace(owner.userId)));
    expect((await share(viewer.client, test.slug, inWorkspace(owner.userId))).status).toBe(403);
    expect(
      (
        await viewer.client.json(
          "DELETE",
          `/api/tests/${test.slug}/share`,
          undefined,
          inWorkspace(owner.userId),
        )
      ).status,
    ).toBe(403);
    // The viewer reads the link in the dialog.
    const read = await viewer.client.fetch(`/api/tests/${test.slug}/share`, {
      headers: inWorkspace(owner.userId),
    });
    expect(await read.json()).toEqual({ url });

    const stranger = await signedUpClient();
    expect((await share(stranger.client, test.slug)).status).toBe(404);
    expect((await share(stranger.client, test.slug, inWorkspace(owner.userId))).status).toBe(404);
    expect((await stranger.client.fetch(`/api/tests/${test.slug}/share`)).status).toBe(404);
    expect((await stranger.client.json("DELETE", `/api/tests/${test.slug}/share`)).status).toBe(404);
    expect((await share(new Client(), test.slug)).status).toBe(401);
    // Nothing of the stranger's changed the link.
    expect(await (await fetchPage(url)).status).toBe(200);
  });

  it("the public API shares and revokes by id; a read key gets 403, another account's key 404", async () => {
    const owner = await signedUpClient();
    const test = await createTest(owner.client);
    const { key } = await createApiKey(owner.client);
    const url = await urlOf(await publicApi(key, "POST", `/tests/${test.id}/share`));
    expect(await urlOf(await publicApi(key, "POST", `/tests/${test.id}/share`))).toBe(url);

    const reader = await createApiKey(owner.client, "Dashboard");
    await env.DB.prepare("UPDATE api_keys SET scope = 'read' WHERE id = ?").bind(reader.id).run();
    expect((await publicApi(reader.key, "POST", `/tests/${test.id}/share`)).status).toBe(403);
    expect((await publicApi(reader.key, "DELETE", `/tests/${test.id}/share`)).status).toBe(403);

    const stranger = await signedUpClient();
    const strangerKey = await createApiKey(stranger.client);
    expect((await publicApi(strangerKey.key, "POST", `/tests/${test.id}/share`)).status).toBe(404);
    expect((await publicApi(strangerKey.key, "DELETE", `/tests/${test.id}/share`)).status).toBe(404);
    expect((await publicApi(null, "POST", `/tests/${test.id}/share`)).status).toBe(401);
    expect((await fetchPage(url)).status).toBe(200);

    const revoked = await publicApi(key, "DELETE", `/tests/${test.id}/share`);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ ok: true });
    expect((await fetchPage(url)).status).toBe(404);
    // A new share makes a new link; the old one stays dead.
    const again = await urlOf(await publicApi(key, "POST", `/tests/${test.id}/share`));
    expect(again).not.toBe(url);
    expect((await fetchPage(url)).status).toBe(404);
  });
});

/** The report page as a signed-out visitor (or a link-preview crawler) opens it. */
function fetchPage(url: string): Promise<Response> {
  return new Client().fetch(pathOf(url));
}

describe("the report page", () => {
  it("shows the name, the recommendation, the lift and each version's numbers, without sessions or emails", async () => {
    const email = uniqueEmail("owner");
    const { client } = await signedUpClient(email);
    const test = await createTest(client, { name: "Pricing <headline>" });
    await seedClearWinner(test.id);
    const { sessionId } = await clickedVisitor(test);
    const url = await urlOf(await share(client, test.slug));

    const response = await fetchPage(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    // The name, escaped.
    expect(html).toContain("<h1>Pricing &lt;headline&gt; — SplitLink results</h1>");
    expect(html).not.toContain("<headline>");
    // The test page's recommendation: B converts about twice as often as A.
    expect(html).toMatch(
      /Deploy version B: B converts (9\d|10\d) % more than A \(between \d+ % and \d+ % more\)\./,
    );
    expect(html).toContain(
      '<meta property="og:title" content="Pricing &lt;headline&gt; — SplitLink results">',
    );
    expect(html).toMatch(/<meta property="og:description" content="Deploy version B: B converts/);
    // Each version's numbers (the click adds one visitor to one version).
    expect(html).toMatch(
      /<th scope="row" role="rowheader">A<\/th><td role="cell" data-label="Visitors">1,00[01]<\/td><td role="cell" data-label="Conversions">100<\/td><td role="cell" data-label="Rate">10\.0 %<\/td>/,
    );
    expect(html).toMatch(
      /<th scope="row" role="rowheader">B<\/th><td role="cell" data-label="Visitors">1,00[01]<\/td><td role="cell" data-label="Conversions">200<\/td><td role="cell" data-label="Rate">(20\.0|19\.9) %<\/td>/,
    );
    expect(html).toContain("<svg");
    expect(html).not.toContain(sessionId);
    expect(html).not.toContain(email);
    expect(html).not.toContain(test.id);
    expect(html).not.toContain("shop.example");
  });

  it("draws one hour of data as a dot per version, where a line would draw nothing", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const db = await eventsOf(test.id);
    await db.batch(
      (["A", "B"] as const).map((variant) =>
        db
          .prepare(
            "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, ?, 50, 50, 5)",
          )
          .bind(test.id, hour, variant),
      ),
    );
    const html = await (await fetchPage(await urlOf(await share(client, test.slug)))).text();
    const chart = html.slice(html.indexOf("<svg"), html.indexOf("</svg>"));
    expect(chart.match(/<circle /g)).toHaveLength(2);
    expect(chart).not.toContain("<path");
  });

  it("a revoked or unknown token answers 404 with a plain page", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const url = await urlOf(await share(client, test.slug));
    expect((await fetchPage(url)).status).toBe(200);
    const revoked = await client.json("DELETE", `/api/tests/${test.slug}/share`);
    expect(revoked.status).toBe(200);
    expect(await (await client.fetch(`/api/tests/${test.slug}/share`)).json()).toEqual({ url: null });
    for (const path of [pathOf(url), `/report/${"x".repeat(43)}`, "/report/short"]) {
      const gone = await new Client().fetch(path);
      expect(gone.status).toBe(404);
      expect(gone.headers.get("x-robots-tag")).toBe("noindex");
      expect(await gone.text()).toContain(SHARE_MESSAGES.gone);
    }
  });

  it("a deleted test's link answers 404", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const url = await urlOf(await share(client, test.slug));
    expect((await client.json("DELETE", `/api/tests/${test.id}`)).status).toBe(200);
    expect((await fetchPage(url)).status).toBe(404);
  });
});
