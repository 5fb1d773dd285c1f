import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ImportResponse, TestListResponse } from "../../contract/api";
import { csvText } from "../../contract/imports";
import {
  IMPORT_MESSAGES,
  QUOTA_MESSAGES,
  TAG_MESSAGES,
  TEST_MESSAGES,
  WORKSPACE_MESSAGES,
} from "../../contract/messages";
import { WORKSPACE_QUOTAS } from "../../contract/quotas";
import { visitDomain } from "./domain-helpers";
import {
  addMember,
  type Client,
  createApiKey,
  createTest,
  createWorkspace,
  errorOf,
  HUMAN,
  insertDomain,
  ORIGIN,
  open,
  publicApi,
  Client as Visitor,
  verifiedClient,
} from "./helpers";

// Bulk create and import (issue #49, point 5): a file's rows become links that keep their back-halves,
// after a dry run that says per row what will be created and what is refused, and why.

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}`;
const uniqueHost = (label = "go") => `${unique(label)}.acme-shop.io`;

async function importFile(client: Client, csv: string, dryRun: boolean) {
  return client.json("POST", `/api/tests/import${dryRun ? "?dryRun=true" : ""}`, { csv });
}

async function imported(client: Client, csv: string, dryRun: boolean): Promise<ImportResponse> {
  const response = await importFile(client, csv, dryRun);
  if (response.status !== 200) throw new Error(`import failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ImportResponse;
}

async function testCount(client: Client): Promise<number> {
  return ((await (await client.fetch("/api/tests")).json()) as TestListResponse).tests.length;
}

const reasons = (answer: ImportResponse) => answer.rows.map((row) => [row.status, row.reason]);

describe("the file's format, from its header row", () => {
  it("reads SplitLink's columns, Bitly's, Rebrandly's and Short.io's, each row's back-half, domain and tags", async () => {
    const { client } = await verifiedClient();
    const [a, b, c, d, e] = [unique("a"), unique("b"), unique("c"), unique("d"), unique("e")];
    const files = {
      splitlink: `name,url_a,url_b,url_c,custom_slug,domain,tags\nHero,https://shop.example/1,https://shop.example/2,https://shop.example/3,${a},,spring|email\n`,
      bitly: `title,long_url,link,created_at,tags\nPoster,https://shop.example/p,https://bit.ly/${b},2026-01-02,print;qr\n`,
      // The dashboard's Export names its columns in words; a custom back-half wins over the Bitlink's own.
      bitlyDashboard: `Title,Link,Custom Link,Destination URL\nMailer,bit.ly/ignored,bit.ly/${c},https://shop.example/m\n`,
      rebrandly: `title,slashtag,destination,shortUrl,domain\nFlyer,${d},https://shop.example/f,rebrand.ly/${d},rebrand.ly\n`,
      shortio: `originalURL,path,shortURL,title,tags\nhttps://shop.example/s,${e},https://short.gy/${e},Story,social\n`,
    };
    const answers = Object.fromEntries(
      await Promise.all(
        Object.entries(files).map(async ([name, csv]) => [name, await imported(client, csv, true)] as const),
      ),
    );
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.format])),
    ).toEqual({
      splitlink: "splitlink",
      bitly: "bitly",
      bitlyDashboard: "bitly",
      rebrandly: "rebrandly",
      shortio: "shortio",
    });
    const rows = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => {
        const [row] = answer.rows;
        return [
          name,
          row && {
            name: row.name,
            urls: row.urls,
            slug: row.slug,
            domain: row.domain,
            tags: row.tags,
            status: row.status,
          },
        ];
      }),
    );
    expect(rows).toEqual({
      splitlink: {
        name: "Hero",
        urls: ["https://shop.example/1", "https://shop.example/2", "https://shop.example/3"],
        slug: a,
        domain: null,
        tags: ["spring", "email"],
        status: "ready",
      },
      bitly: {
        name: "Poster",
        urls: ["https://shop.example/p"],
        slug: b,
        domain: null,
        tags: ["print", "qr"],
        status: "ready",
      },
      bitlyDashboard: {
        name: "Mailer",
        urls: ["https://shop.example/m"],
        slug: c,
        domain: null,
        tags: [],
        status: "ready",
      },
      rebrandly: {
        name: "Flyer",
        urls: ["https://shop.example/f"],
        slug: d,
        domain: null,
        tags: [],
        status: "ready",
      },
      shortio: {
        name: "Story",
        urls: ["https://shop.example/s"],
        slug: e,
        domain: null,
        tags: ["social"],
        status: "ready",
      },
    });
  });

  it("refuses a header it does not know, an empty file and 1,001 rows, saying which", async () => {
    const { client } = await verifiedClient();
    const unknown = await importFile(client, "email,first_name\nann@shop.example,Ann\n", true);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(IMPORT_MESSAGES.unknownHeader);
    expect((await errorOf(await importFile(client, "name,url_a\n", true))).message).toBe(
      IMPORT_MESSAGES.empty,
    );

    const rows = Array.from({ length: 1001 }, (_, i) => [`Row ${i}`, `https://shop.example/${i}`]);
    const tooMany = await importFile(client, csvText([["name", "url_a"], ...rows]), true);
    expect(tooMany.status).toBe(400);
    const { message } = await errorOf(tooMany);
    expect(message).toBe(IMPORT_MESSAGES.tooManyRows(1001));
    expect(message).toContain("at most 1,000 rows; this one has 1,001");
    // 1,000 rows are read (and, here, refused for their URLs' host only by the real run's checks).
    const thousand = await importFile(client, csvText([["name", "url_a"], ...rows.slice(0, 1000)]), true);
    expect(thousand.status).toBe(200);
    expect(((await thousand.json()) as ImportResponse).rows).toHaveLength(1000);
    expect(await testCount(client)).toBe(0);
    // A real run creates at most 50 rows a call, so no call stops halfway through a file: more are refused whole.
    const fiftyOne = await importFile(client, csvText([["name", "url_a"], ...rows.slice(0, 51)]), false);
    expect(fiftyOne.status).toBe(400);
    expect((await errorOf(fiftyOne)).message).toBe(IMPORT_MESSAGES.tooManyToCreate(51));
    expect(await testCount(client)).toBe(0);
  });

  it("refuses a file over 1 MB with its message: 400 past the file's size, 413 past the body's", async () => {
    const { client } = await verifiedClient();
    const line = `Big,https://shop.example/${"x".repeat(2000)}\n`;
    const large = await importFile(client, `name,url_a\n${line.repeat(600)}`, true);
    expect(large.status).toBe(400);
    expect((await errorOf(large)).message).toBe(IMPORT_MESSAGES.tooLarge);
    const huge = await importFile(client, `name,url_a\n${line.repeat(1100)}`, true);
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).message).toBe(IMPORT_MESSAGES.tooLarge);
  });
});

describe("the dry run", () => {
  it("creates nothing and says why each refused row is refused", async () => {
    const { client, userId } = await verifiedClient();
    const verified = uniqueHost();
    const unverified = uniqueHost("new");
    await insertDomain(userId, verified, "active");
    await insertDomain(userId, unverified, "pending_validation");
    const taken = unique("taken");
    await createTest(client, { name: "Existing", customSlug: taken });
    const free = unique("free");
    const csv = [
      "name,url_a,custom_slug,domain",
      `Free,https://shop.example/free,${free},`,
      `On my domain,https://shop.example/mine,${unique("mine")},${verified}`,
      "Bad URL,not a url,,",
      `Taken,https://shop.example/t,${taken},`,
      `Again,https://shop.example/again,${free},`,
      `Unverified,https://shop.example/u,${unique("u")},${unverified}`,
      `Unknown,https://shop.example/k,${unique("k")},${uniqueHost("elsewhere")}`,
      "Bad slug,https://shop.example/s,no_underscores,",
      `Loop,${ORIGIN}/r/abc,,`,
    ].join("\n");
    const before = await testCount(client);
    const answer = await imported(client, csv, true);
    expect(answer.dryRun).toBe(true);
    expect(reasons(answer)).toEqual([
      ["ready", null],
      ["ready", null],
      ["refused", TEST_MESSAGES.invalidUrls],
      ["refused", TEST_MESSAGES.slugTaken],
      ["refused", IMPORT_MESSAGES.slugInFile],
      ["refused", IMPORT_MESSAGES.unverifiedDomain(unverified)],
      ["refused", IMPORT_MESSAGES.unknownDomain(answer.rows[6]?.domain ?? "")],
      ["refused", TEST_MESSAGES.invalidCustomSlugService],
      ["refused", TEST_MESSAGES.urlLoops],
    ]);
    expect(answer.rows[1]?.domain).toBe(verified);
    expect([answer.ready, answer.created, answer.refused]).toEqual([2, 0, 7]);
    expect(answer.rows.every((row) => row.testId === null && row.link === null)).toBe(true);
    expect(await testCount(client)).toBe(before);
  });
});

describe("the workspace's quota of tests", () => {
  it("refuses the rows past the quota, in the dry run and the real run", async () => {
    const { client } = await verifiedClient();
    const first = await createTest(client, { name: "First" });
    // The workspace holds 999 tests (copies of its first, as quotas.test.ts makes them): room for one.
    const columns = await copiedColumns();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 998)
       INSERT INTO split_tests SELECT ${columns} FROM split_tests, n WHERE split_tests.id = ?`,
    )
      .bind(first.id)
      .run();
    const csv = "name,url_a\nOne more,https://shop.example/1\nOne too many,https://shop.example/2\n";
    const quota = QUOTA_MESSAGES.tests(WORKSPACE_QUOTAS.tests);
    expect(reasons(await imported(client, csv, true))).toEqual([
      ["ready", null],
      ["refused", quota],
    ]);
    expect(reasons(await imported(client, csv, false))).toEqual([
      ["created", null],
      ["refused", quota],
    ]);
  });
});

/** split_tests' columns, the id and slug made unique per copy n.i. */
async function copiedColumns(): Promise<string> {
  const { results } = await env.DB.prepare("PRAGMA table_info(split_tests)").all<{ name: string }>();
  return results
    .map(({ name }) => (name === "id" || name === "slug" ? `${name} || '-copy-' || n.i` : name))
    .join(", ");
}

describe("the real run", () => {
  it("creates each ready row as a link whose back-half redirects, on /r/ or the verified domain, and records it", async () => {
    const { client, userId } = await verifiedClient();
    const host = uniqueHost();
    await insertDomain(userId, host, "active");
    const [onDefault, onDomain] = [unique("poster"), unique("flyer")];
    const csv = [
      "title,long_url,link,tags",
      `Poster,https://shop.example/poster,https://bit.ly/${onDefault},Print;QR`,
      `Flyer,https://shop.example/flyer,https://${host}/${onDomain},`,
      "Broken,ftp://shop.example/x,https://bit.ly/broken-one,",
      `Tagged,https://shop.example/t,https://bit.ly/${unique("t")},${Array.from({ length: 11 }, (_, i) => `t${i}`).join("|")}`,
    ].join("\n");
    const answer = await imported(client, csv, false);
    expect(answer.dryRun).toBe(false);
    expect(reasons(answer)).toEqual([
      ["created", null],
      ["created", null],
      ["refused", TEST_MESSAGES.invalidUrls],
      ["refused", TAG_MESSAGES.tooMany],
    ]);
    const [poster, flyer] = answer.rows;
    expect(poster?.link).toMatch(new RegExp(`/r/${onDefault}$`));
    expect(flyer?.link).toBe(`https://${host}/${onDomain}`);

    const visit = await open(new Visitor(), `/r/${onDefault}`, { headers: HUMAN });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toMatch(/^https:\/\/shop\.example\/poster/);
    const onHost = await visitDomain(host, `/${onDomain}`);
    expect(onHost.status).toBe(302);
    expect(onHost.headers.get("location")).toMatch(/^https:\/\/shop\.example\/flyer/);

    // Each is a plain link, in the list and in its history as created.
    const { tests } = (await (await client.fetch("/api/tests")).json()) as TestListResponse;
    const made = tests.filter((t) => [poster?.testId, flyer?.testId].includes(t.id));
    expect(made.map((t) => [t.name, t.kind, t.customSlug, t.tags]).sort()).toEqual([
      ["Flyer", "link", onDomain, []],
      ["Poster", "link", onDefault, ["print", "qr"]],
    ]);
    const history = await env.DB.prepare(
      "SELECT action FROM history_events WHERE split_test_id IN (?, ?) ORDER BY id",
    )
      .bind(poster?.testId ?? "", flyer?.testId ?? "")
      .all<{ action: string }>();
    expect(history.results.map((row) => row.action)).toEqual(["test.created", "test.created"]);

    // The same file again: both back-halves are taken now, and nothing more is made.
    const again = await imported(client, csv, false);
    expect(reasons(again).slice(0, 2)).toEqual([
      ["refused", TEST_MESSAGES.slugTaken],
      ["refused", TEST_MESSAGES.slugTaken],
    ]);
    expect(await testCount(client)).toBe(2);
  });

  it("works with an API key, SplitLink's columns and several URLs as a test at an even split", async () => {
    const { client } = await verifiedClient();
    const { key } = await createApiKey(client);
    const slug = unique("split");
    const csv = `name,url_a,url_b,custom_slug\nSplit,https://shop.example/a,https://shop.example/b,${slug}\n`;
    const response = await publicApi(key, "POST", "/tests/import", { csv });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ImportResponse;
    expect(answer.created).toBe(1);
    const test = await publicApi(key, "GET", `/tests/${answer.rows[0]?.testId}`);
    const { test: made } = (await test.json()) as { test: { kind: string; variants: { weight: number }[] } };
    expect(made.kind).toBe("test");
    expect(made.variants.map((variant) => variant.weight)).toEqual([50, 50]);
  });
});

describe("who may import", () => {
  it("refuses a viewer (403) and a read key, and never uses another workspace's domain", async () => {
    const owner = await verifiedClient();
    const workspaceId = await createWorkspace(owner.client);
    const viewer = await verifiedClient();
    await addMember(workspaceId, viewer.userId, "viewer");
    viewer.client.workspace = workspaceId;
    const csv = `name,url_a\nViewer's,https://shop.example/v\n`;
    for (const dryRun of [true, false]) {
      const refused = await importFile(viewer.client, csv, dryRun);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toBe(WORKSPACE_MESSAGES.viewerCannotChange);
    }
    const readKey = await createApiKey(owner.client, "Reader", "read");
    expect((await publicApi(readKey.key, "POST", "/tests/import?dryRun=true", { csv })).status).toBe(403);

    // A stranger names the owner's verified domain: unknown to them, refused, and the owner's slug stays free.
    const host = uniqueHost();
    await insertDomain(owner.userId, host, "active");
    const stranger = await verifiedClient();
    const slug = unique("mine");
    const theirs = `name,url_a,custom_slug,domain\nTheirs,https://shop.example/x,${slug},${host}\n`;
    for (const dryRun of [true, false]) {
      const answer = await imported(stranger.client, theirs, dryRun);
      expect(reasons(answer)).toEqual([["refused", IMPORT_MESSAGES.unknownDomain(host)]]);
    }
    expect(await testCount(stranger.client)).toBe(0);
    expect((await visitDomain(host, `/${slug}`)).status).not.toBe(302);
    const own = await imported(owner.client, theirs, false);
    expect(reasons(own)).toEqual([["created", null]]);
  });
});
