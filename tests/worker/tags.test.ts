import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type {
  TagListResponse,
  TagResponse,
  TestHistoryResponse,
  TestListResponse,
  TestResponse,
  WebhookEvent,
} from "../../contract/api";
import { QUOTA_MESSAGES, TAG_MESSAGES } from "../../contract/messages";
import { WORKSPACE_QUOTAS } from "../../contract/quotas";
import { defaultTagColour } from "../../contract/tags";
import { getDb } from "../../worker/db/client";
import { splitTests } from "../../worker/db/schema";
import { sendTestAlert } from "../../worker/services/alerts";
import { removeWorkspaces } from "../../worker/services/workspaces";
import { clickedVisitor, createTest, errorOf, eventually, publicApi } from "./helpers";
import { seedApiKey, seedMembership, seedUser, seedWorkspace } from "./seed";
import { receivedAt, receiverUrl } from "./webhook-receiver";

// Issue #49, point 4: tags on tests and links, their colours per workspace, the filter, and tags in
// exports and webhooks. Every workspace here is the test's own, so rows are found by their own ids.

const LINK = { name: "Poster", urlA: "https://shop.example/poster" };

async function ownerWithKey() {
  const owner = await seedUser();
  const { key } = await seedApiKey(owner.userId);
  return { ...owner, key };
}

async function created(key: string, body: Record<string, unknown>) {
  const response = await publicApi(key, "POST", "/tests", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as TestResponse).test;
}

async function listed(key: string, query: string) {
  const response = await publicApi(key, "GET", `/tests${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as TestListResponse).tests;
}

async function tagsOf(key: string) {
  return ((await (await publicApi(key, "GET", "/tags")).json()) as TagListResponse).tags;
}

async function tagRows(testId: string) {
  const { results } = await env.DB.prepare("SELECT tag FROM test_tags WHERE split_test_id = ?1")
    .bind(testId)
    .all<{ tag: string }>();
  return results.map((row) => row.tag);
}

describe("a test's tags", () => {
  it("are taken on create, trimmed and lower-cased, answered in order, and replaced by a change", async () => {
    const owner = await ownerWithKey();
    const test = await created(owner.key, { ...LINK, tags: [" Spring ", "EMAIL", "q4  launch"] });
    expect(test.kind).toBe("link");
    expect(test.tags).toEqual(["email", "q4 launch", "spring"]);
    const read = await publicApi(owner.key, "GET", `/tests/${test.id}`);
    expect(((await read.json()) as TestResponse).test.tags).toEqual(["email", "q4 launch", "spring"]);

    const changed = await publicApi(owner.key, "PATCH", `/tests/${test.id}`, { tags: ["Autumn"] });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as TestResponse).test.tags).toEqual(["autumn"]);
    const history = await publicApi(owner.key, "GET", `/tests/${test.id}/history`);
    const events = ((await history.json()) as TestHistoryResponse).events;
    expect(events[0]).toMatchObject({ action: "test.tags_changed", details: { tags: ["autumn"] } });

    const cleared = await publicApi(owner.key, "PATCH", `/tests/${test.id}`, { tags: [] });
    expect(((await cleared.json()) as TestResponse).test.tags).toEqual([]);
    expect(await tagRows(test.id)).toEqual([]);
  });

  it("may be changed on a completed test, and come with another change in the app's API", async () => {
    const owner = await ownerWithKey();
    const test = await createTest(owner.client, { tags: ["spring"] });
    const changed = await owner.client.json("PATCH", `/api/tests/${test.id}`, {
      tags: ["spring", "email"],
      stopEarly: true,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as TestResponse).test).toMatchObject({
      tags: ["email", "spring"],
      stopEarly: true,
    });
    expect((await owner.client.json("POST", `/api/tests/${test.id}/promote`, { variant: "B" })).status).toBe(
      200,
    );
    const filed = await owner.client.json("PATCH", `/api/tests/${test.id}`, { tags: ["archive"] });
    expect(filed.status).toBe(200);
    expect(((await filed.json()) as TestResponse).test.tags).toEqual(["archive"]);
    // Anything else of a completed test is still refused, and the tags stay as they were.
    const refused = await owner.client.json("PATCH", `/api/tests/${test.id}`, {
      tags: ["x"],
      stopEarly: false,
    });
    expect(refused.status).toBe(409);
    expect(await tagRows(test.id)).toEqual(["archive"]);
  });

  it("are refused past the limits, each problem with its own message, and nothing is made", async () => {
    const owner = await ownerWithKey();
    const refusal = async (tags: unknown) => {
      const response = await publicApi(owner.key, "POST", "/tests", { ...LINK, tags });
      expect(response.status).toBe(400);
      return (await errorOf(response)).message;
    };
    expect(await refusal(Array.from({ length: 11 }, (_, i) => `tag${i}`))).toBe(TAG_MESSAGES.tooMany);
    expect(await refusal(["x".repeat(31)])).toBe(TAG_MESSAGES.tooLong);
    expect(await refusal(["  "])).toBe(TAG_MESSAGES.empty);
    expect(await refusal(["spring,email"])).toBe(TAG_MESSAGES.characters);
    expect(await refusal(["line\nbreak"])).toBe(TAG_MESSAGES.characters);
    expect(await refusal(["Spring", "spring "])).toBe(TAG_MESSAGES.duplicate);
    expect(await refusal("spring")).toBe(TAG_MESSAGES.list);
    expect(await refusal([7])).toBe(TAG_MESSAGES.list);
    expect(await listed(owner.key, "")).toEqual([]);

    // Ten of thirty characters are fine.
    const ten = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(30, "x"));
    expect((await created(owner.key, { ...LINK, tags: ten })).tags).toHaveLength(10);
    const test = await created(owner.key, LINK);
    const patched = await publicApi(owner.key, "PATCH", `/tests/${test.id}`, { tags: ["a", "A"] });
    expect(patched.status).toBe(400);
    expect((await errorOf(patched)).message).toBe(TAG_MESSAGES.duplicate);
  });

  it("filter the list with ?tag= in the key's workspace only, and ?q= matches a tag", async () => {
    const owner = await ownerWithKey();
    const stranger = await ownerWithKey();
    const spring = await created(owner.key, { ...LINK, name: "Spring poster", tags: ["spring", "print"] });
    const mail = await created(owner.key, { ...LINK, name: "Mailing", tags: ["Spring", "email"] });
    await created(owner.key, { ...LINK, name: "Untagged" });
    await created(stranger.key, { ...LINK, name: "Theirs", tags: ["spring"] });

    const ids = (tests: { id: string }[]) => tests.map((test) => test.id).sort();
    expect(ids(await listed(owner.key, "?tag=spring"))).toEqual([spring.id, mail.id].sort());
    expect(ids(await listed(owner.key, "?tag=SPRING"))).toEqual([spring.id, mail.id].sort());
    expect(ids(await listed(owner.key, "?tag=email"))).toEqual([mail.id]);
    expect(await listed(owner.key, "?tag=sprin")).toEqual([]);
    expect((await listed(stranger.key, "?tag=spring")).map((test) => test.name)).toEqual(["Theirs"]);
    // The search finds a tag's text, with the tag filter both must match.
    expect(ids(await listed(owner.key, "?q=EMAI"))).toEqual([mail.id]);
    expect(ids(await listed(owner.key, "?q=poster&tag=email"))).toEqual([]);
    expect(ids(await listed(owner.key, "?q=mail&tag=spring"))).toEqual([mail.id]);

    const tooLong = await publicApi(owner.key, "GET", `/tests?tag=${"x".repeat(31)}`);
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe(TAG_MESSAGES.filterTooLong);
  });
});

describe("the workspace's tags and colours", () => {
  it("lists each tag with its colour and count, and keeps a colour set", async () => {
    const owner = await ownerWithKey();
    await created(owner.key, { ...LINK, tags: ["spring", "email"] });
    await created(owner.key, { ...LINK, tags: ["spring"] });
    expect(await tagsOf(owner.key)).toEqual([
      { name: "email", colour: defaultTagColour("email"), tests: 1 },
      { name: "spring", colour: defaultTagColour("spring"), tests: 2 },
    ]);

    const set = await publicApi(owner.key, "PUT", "/tags/Spring", { colour: "teal" });
    expect(set.status).toBe(200);
    expect(((await set.json()) as TagResponse).tag).toEqual({ name: "spring", colour: "teal", tests: 2 });
    const again = await owner.client.json("PUT", `/api/tags/${encodeURIComponent("q4 launch")}`, {
      colour: "pink",
    });
    expect(((await again.json()) as TagResponse).tag).toEqual({
      name: "q4 launch",
      colour: "pink",
      tests: 0,
    });
    expect((await tagsOf(owner.key)).find((tag) => tag.name === "spring")?.colour).toBe("teal");
    // The colour waits for the first test that carries the tag.
    await created(owner.key, { ...LINK, tags: ["Q4 Launch"] });
    const app = (await (await owner.client.fetch("/api/tags")).json()) as TagListResponse;
    expect(app.tags.find((tag) => tag.name === "q4 launch")).toEqual({
      name: "q4 launch",
      colour: "pink",
      tests: 1,
    });

    const wrong = await publicApi(owner.key, "PUT", "/tags/spring", { colour: "chartreuse" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(TAG_MESSAGES.colour);
    const history = await owner.client.fetch("/api/workspace/history");
    const { events } = (await history.json()) as TestHistoryResponse;
    expect(events.map((event) => event.action)).toContain("tag.colour_changed");
  });

  it("are at most 200 a workspace: the 201st is refused while its tags are in use, and unused ones make room", async () => {
    const owner = await ownerWithKey();
    const test = await created(owner.key, { ...LINK, tags: ["spring"] });
    const tags = Array.from({ length: WORKSPACE_QUOTAS.tagColours }, (_, i) => `campaign ${i}`);
    // 200 coloured tags, each carried by the test (written straight to D1: the API takes 10 a test).
    await env.DB.batch(
      tags.flatMap((tag) => [
        env.DB.prepare("INSERT INTO test_tags (split_test_id, workspace_id, tag) VALUES (?1, ?2, ?3)").bind(
          test.id,
          owner.userId,
          tag,
        ),
        env.DB.prepare("INSERT INTO tag_colours (workspace_id, tag, colour) VALUES (?1, ?2, 'red')").bind(
          owner.userId,
          tag,
        ),
      ]),
    );
    const refused = await publicApi(owner.key, "PUT", "/tags/spring", { colour: "teal" });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(QUOTA_MESSAGES.tagColours(WORKSPACE_QUOTAS.tagColours));
    // A colour already set changes at the limit too.
    expect((await publicApi(owner.key, "PUT", "/tags/campaign 7", { colour: "blue" })).status).toBe(200);

    // Once no test carries them, their colours make room for a new one.
    await env.DB.prepare("DELETE FROM test_tags WHERE split_test_id = ?1 AND tag != 'spring'")
      .bind(test.id)
      .run();
    expect((await publicApi(owner.key, "PUT", "/tags/spring", { colour: "teal" })).status).toBe(200);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM tag_colours WHERE workspace_id = ?1")
      .bind(owner.userId)
      .first<{ n: number }>();
    expect(left?.n).toBe(1);
  });

  it("are never another workspace's to see or change, and a viewer and a read key only read", async () => {
    const owner = await ownerWithKey();
    const team = await seedWorkspace(owner.userId);
    const teamKey = await seedApiKey(owner.userId, { workspaceId: team });
    const readKey = await seedApiKey(owner.userId, { workspaceId: team, scope: "read" });
    await created(teamKey.key, { ...LINK, tags: ["secret-campaign"] });
    expect((await publicApi(teamKey.key, "PUT", "/tags/secret-campaign", { colour: "red" })).status).toBe(
      200,
    );

    const stranger = await ownerWithKey();
    expect(await tagsOf(stranger.key)).toEqual([]);
    stranger.client.workspace = team;
    expect((await stranger.client.fetch("/api/tags")).status).toBe(404);
    expect((await stranger.client.json("PUT", "/api/tags/secret-campaign", { colour: "blue" })).status).toBe(
      404,
    );
    // Their own tag of the same name is theirs alone.
    expect((await publicApi(stranger.key, "PUT", "/tags/secret-campaign", { colour: "blue" })).status).toBe(
      200,
    );
    expect(await tagsOf(teamKey.key)).toEqual([{ name: "secret-campaign", colour: "red", tests: 1 }]);

    const viewer = await seedUser();
    const editor = await seedUser();
    await seedMembership(team, viewer.userId, "viewer");
    await seedMembership(team, editor.userId, "editor");
    viewer.client.workspace = team;
    editor.client.workspace = team;
    expect(((await (await viewer.client.fetch("/api/tags")).json()) as TagListResponse).tags).toHaveLength(1);
    expect((await viewer.client.json("PUT", "/api/tags/secret-campaign", { colour: "blue" })).status).toBe(
      403,
    );
    expect((await publicApi(readKey.key, "GET", "/tags")).status).toBe(200);
    expect((await publicApi(readKey.key, "PUT", "/tags/secret-campaign", { colour: "blue" })).status).toBe(
      403,
    );
    expect(await tagsOf(teamKey.key)).toEqual([{ name: "secret-campaign", colour: "red", tests: 1 }]);
    expect((await editor.client.json("PUT", "/api/tags/secret-campaign", { colour: "green" })).status).toBe(
      200,
    );
    expect((await tagsOf(teamKey.key))[0]?.colour).toBe("green");

    // A stranger cannot tag or filter the workspace's tests either.
    const [theirs] = await listed(teamKey.key, "?tag=secret-campaign");
    const probe = await publicApi(stranger.key, "PATCH", `/tests/${theirs?.id}`, { tags: ["mine"] });
    expect(probe.status).toBe(404);
    expect(await tagRows(theirs?.id ?? "")).toEqual(["secret-campaign"]);
  });

  it("lose a deleted test's tags at once, and a deleted workspace's tags and colours", async () => {
    const owner = await ownerWithKey();
    const team = await seedWorkspace(owner.userId);
    const teamKey = await seedApiKey(owner.userId, { workspaceId: team });
    const gone = await created(teamKey.key, { ...LINK, tags: ["spring", "email"] });
    const kept = await created(teamKey.key, { ...LINK, tags: ["spring"] });
    await publicApi(teamKey.key, "PUT", "/tags/email", { colour: "red" });
    expect((await publicApi(teamKey.key, "DELETE", `/tests/${gone.id}`)).status).toBe(200);
    expect(await tagRows(gone.id)).toEqual([]);
    expect(await tagsOf(teamKey.key)).toEqual([
      { name: "spring", colour: defaultTagColour("spring"), tests: 1 },
    ]);

    await removeWorkspaces(env, [team]);
    expect(await tagRows(kept.id)).toEqual([]);
    const colours = await env.DB.prepare("SELECT count(*) AS n FROM tag_colours WHERE workspace_id = ?1")
      .bind(team)
      .first<{ n: number }>();
    expect(colours?.n).toBe(0);
  });
});

describe("tags in exports and webhooks", () => {
  it("end each row of the events export with the test's tags", async () => {
    const owner = await ownerWithKey();
    const test = await createTest(owner.client, { tags: ["spring", "email"] });
    await clickedVisitor(test);
    const csv = await eventually(async () => {
      const response = await owner.client.fetch(`/api/tests/${test.id}/export/events.csv`);
      const lines = (await response.text()).trim().split("\r\n");
      return lines.length > 1 && lines;
    });
    expect(csv[0]?.endsWith(",phase,metric,tags")).toBe(true);
    expect(csv[1]?.endsWith(',"email, spring"')).toBe(true);
  });

  it("carry the test's tags in a webhook event's test", async () => {
    const owner = await ownerWithKey();
    const url = receiverUrl();
    await publicApi(owner.key, "POST", "/webhooks", { url, events: ["test.completed"] });
    const test = await created(owner.key, {
      name: "Hero",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      tags: ["Spring"],
    });
    const row = await getDb(env.DB).select().from(splitTests).where(eq(splitTests.id, test.id)).get();
    if (!row) throw new Error("the test is missing");
    await sendTestAlert(env, row, { kind: "completed", endedBy: "date", result: "kept", winner: null });
    const [delivery] = await eventually(async () => {
      const got = await receivedAt(url);
      return got.length > 0 && got;
    });
    const event = JSON.parse(delivery?.body ?? "{}") as WebhookEvent<{ test: unknown }>;
    expect(event.data.test).toEqual({ id: test.id, name: "Hero", slug: test.slug, tags: ["spring"] });
  });
});
