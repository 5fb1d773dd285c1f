import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { keepCollectingUntil } from "../../contract/reading";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { CRONS } from "../../worker/crons";
import { sendDigests } from "../../worker/services/digest";
import { Client, createTest, eventsOf, runCron, signedUpClient } from "./helpers";
import { mailsTo } from "./mail-helpers";

// Issue #34, point 5: the weekly digest, for the members who turned it on.

const DAY = 86_400_000;
const SUBJECT = "Your week in SplitLink: Personal";

async function digestsTo(email: string) {
  return (await mailsTo(email)).filter((mail) => mail.subject.startsWith("Your week in SplitLink"));
}

async function optIn(client: Client, on = true, headers: Record<string, string> = {}) {
  return client.json("PUT", "/api/account/digest", { weeklyDigest: on }, headers);
}

async function seed(testId: string, a: [number, number], b: [number, number], daysAgo = 3) {
  const hour = Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY;
  const db = await eventsOf(testId);
  await db.batch(
    (
      [
        ["A", a],
        ["B", b],
      ] as const
    ).map(([variant, [visitors, conversions]]) =>
      db
        .prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(testId, hour, variant, visitors, visitors, conversions),
    ),
  );
}

describe("the digest setting", () => {
  it("is off by default, the member's own per workspace; a viewer may turn it on, a stranger gets 404, anonymous 401", async () => {
    const owner = await signedUpClient();
    expect(await (await owner.client.fetch("/api/account/digest")).json()).toEqual({
      digest: { weeklyDigest: false },
    });
    const saved = await optIn(owner.client);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ digest: { weeklyDigest: true } });
    expect(await (await owner.client.fetch("/api/account/digest")).json()).toEqual({
      digest: { weeklyDigest: true },
    });
    expect((await owner.client.json("PUT", "/api/account/digest", { weeklyDigest: "yes" })).status).toBe(400);

    const viewer = await signedUpClient();
    await env.DB.prepare(
      "INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'viewer', ?)",
    )
      .bind(owner.userId, viewer.userId, Date.now())
      .run();
    const inOwners = { [WORKSPACE_HEADER]: owner.userId };
    expect((await optIn(viewer.client, true, inOwners)).status).toBe(200);
    // Their personal workspace's choice stays their own.
    expect(await (await viewer.client.fetch("/api/account/digest")).json()).toEqual({
      digest: { weeklyDigest: false },
    });

    const stranger = await signedUpClient();
    expect((await optIn(stranger.client, true, inOwners)).status).toBe(404);
    expect((await stranger.client.fetch("/api/account/digest", { headers: inOwners })).status).toBe(404);
    expect((await optIn(new Client())).status).toBe(401);
  });
});

describe("the weekly digest", () => {
  it("goes only to members who turned it on, once a week, and says what ran, what was decided and what ends", async () => {
    const on = await signedUpClient();
    const off = await signedUpClient();
    await optIn(on.client);

    const running = await createTest(on.client, { name: "Hero image" });
    await seed(running.id, [500, 20], [500, 35], 10);
    await env.DB.prepare("UPDATE split_tests SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 12 * DAY - 3_600_000, running.id)
      .run();
    const decided = await createTest(on.client, { name: "Checkout button" });
    await seed(decided.id, [1_000, 100], [1_000, 200]);
    await env.DB.prepare("UPDATE split_tests SET verdict_alerted_at = ? WHERE id = ?")
      .bind(Date.now() - 2 * DAY, decided.id)
      .run();
    const oldVerdict = await createTest(on.client, { name: "Old news" });
    await env.DB.prepare("UPDATE split_tests SET status = 'completed', verdict_alerted_at = ? WHERE id = ?")
      .bind(Date.now() - 9 * DAY, oldVerdict.id)
      .run();
    // A week's wait (the API's default): the digest says until when, whatever the numbers.
    const young = await createTest(on.client, { name: "New banner", minimumDays: 7 });
    await seed(young.id, [1_000, 100], [1_000, 200], 0);
    const until = keepCollectingUntil(young.createdAt + 7 * DAY);
    const endsAt = new Date(Date.now() + 3 * DAY).toISOString();
    await createTest(on.client, { name: "Spring promo", endsAt });
    const gone = await createTest(on.client, { name: "Deleted one" });
    expect((await on.client.json("DELETE", `/api/tests/${gone.id}`)).status).toBe(200);
    await createTest(off.client, { name: "Not asked for" });

    await runCron(CRONS.weeklyDigest);
    const [mail, ...more] = await digestsTo(on.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(SUBJECT);
    const text = mail?.text ?? "";
    expect(text).toContain("Hero image: 12 days running, version B leads.");
    expect(text).toContain("Verdicts reached this week\n- Checkout button: version B wins.");
    expect(text).toContain(`New banner: 1 day running, version B leads. ${until}`);
    expect(until).toMatch(
      /^Keep collecting until \w{3} \d{1,2} \w{3} \d{4}: full weeks, so every weekday counts\.$/,
    );
    expect(text).toContain("Ending within the week\n- Spring promo: ends");
    expect(text).not.toContain("Old news");
    expect(text).not.toContain("Deleted one");
    expect(mail?.html).toContain("<li>Hero image: 12 days running, version B leads.</li>");
    expect(await digestsTo(off.email)).toEqual([]);

    // The cron runs every hour on Mondays: once a week is once.
    await runCron(CRONS.weeklyDigest);
    expect(await digestsTo(on.email)).toHaveLength(1);
    // The next week, again; and no more after turning it off.
    await sendDigests(env, Date.now() + 7 * DAY);
    expect(await digestsTo(on.email)).toHaveLength(2);
    await optIn(on.client, false);
    await sendDigests(env, Date.now() + 14 * DAY);
    expect(await digestsTo(on.email)).toHaveLength(2);
  });

  it("sends nothing when there is nothing to say", async () => {
    const quiet = await signedUpClient();
    await optIn(quiet.client);
    const test = await createTest(quiet.client, { name: "Paused long ago" });
    await quiet.client.json("POST", `/api/tests/${test.id}/pause`);
    await runCron(CRONS.weeklyDigest);
    expect(await digestsTo(quiet.email)).toEqual([]);
  });
});
