import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { CRONS } from "../../worker/crons";
import { scheduleAutopilot } from "../../worker/services/autopilot";
import { copiesOf, deliverToAutopilot, recordingAutopilot, runAutopilot } from "./autopilot-helpers";
import {
  addMember,
  Client,
  createApiKey,
  createTest,
  createWorkspace,
  errorOf,
  eventually,
  open,
  publicApi,
  runCron,
  signedUpClient,
  verifiedClient,
} from "./helpers";
import { mailsTo } from "./mail-helpers";
import { seedMetricConversions, seedResults } from "./queue-helpers";
import { receivedAt, receiverUrl } from "./webhook-receiver";

// Issue #20, points 3 and 4: a test ends on its own (a date, a number of visitors, or early on a clear
// winner) and does what its owner chose; alerts go out once per test. The cron is run by hand here.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

/** A clear winner for the always-valid verdict: B converts at 20 %, A at 10 %, 1,000 visitors each. */
const CLEAR_B = [
  { visitors: 1000, conversions: 100 },
  { visitors: 1000, conversions: 200 },
];
/** No winner: the same rate, few conversions. */
const UNDECIDED = [
  { visitors: 150, conversions: 30 },
  { visitors: 150, conversions: 31 },
];

/** One run of the autopilot, which looks at every due test: this one among them. */
async function autopilotUntilLookedAt(testId: string) {
  const run = await runAutopilot(env);
  expect(run.looked).toContain(testId);
  return run;
}

/** Whether the autopilot looked at the test in a run after `since`. */
async function lookedAtSince(testId: string, since: number): Promise<boolean> {
  const row = await env.DB.prepare("SELECT autopilot_checked_at AS checked FROM split_tests WHERE id = ?")
    .bind(testId)
    .first<{ checked: number | null }>();
  return (row?.checked ?? 0) > since;
}

/** The subjects of the alert emails sent to the address (the sign-up's verification email left out). */
async function alertSubjects(email: string): Promise<string[]> {
  const subjects = (await mailsTo(email)).map((mail) => mail.subject);
  return subjects.filter((subject) => subject !== "Verify your email for SplitLink");
}

/** Moves the test's end date into the past, as time passing would. */
async function passEndDate(testId: string) {
  await env.DB.prepare("UPDATE split_tests SET ends_at = ? WHERE id = ?")
    .bind(Date.now() - 1000, testId)
    .run();
}

interface TestState {
  status: string;
  winnerVariant: string | null;
  endedBy: string | null;
  endResult: string | null;
  endsAt: string | null;
  endAfterVisitors: number | null;
  onEnd: string;
  stopEarly: boolean;
  completedAt: number | null;
  variantsLocked: boolean;
  stats: { clicksA: number; clicksB: number };
}

async function stateOf(client: Client, slug: string): Promise<TestState> {
  const response = await client.fetch(`/api/tests/${slug}`);
  return ((await response.json()) as { test: TestState }).test;
}

/** The variants a number of new visitors are sent to. */
async function destinations(slug: string, visitors = 24): Promise<Set<string>> {
  const urls = new Set<string>();
  for (let i = 0; i < visitors; i++) {
    const response = await open(new Client(), `/r/${slug}`);
    urls.add(new URL(response.headers.get("location") ?? "").pathname);
  }
  return urls;
}

describe("the end settings", () => {
  it("are taken at creation and shown on the test", async () => {
    const { client } = await signedUpClient();
    const endsAt = inAnHour();
    const test = await createTest(client, {
      endsAt,
      endAfterVisitors: 5000,
      onEnd: "promote",
      stopEarly: true,
    });
    const state = await stateOf(client, test.slug);
    expect(state).toMatchObject({
      endsAt: new Date(endsAt).toISOString(),
      endAfterVisitors: 5000,
      onEnd: "promote",
      stopEarly: true,
      endedBy: null,
      endResult: null,
      completedAt: null,
    });
  });

  it("default to no end, keeping the split", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    expect(await stateOf(client, test.slug)).toMatchObject({
      endsAt: null,
      endAfterVisitors: null,
      onEnd: "keep",
      stopEarly: false,
    });
  });

  it.each([
    [{ endsAt: "next friday" }, SCHEDULE_MESSAGES.endsAtInvalid],
    [{ endsAt: "2026-12-31T18:00:00" }, SCHEDULE_MESSAGES.endsAtInvalid],
    [{ endsAt: new Date(Date.now() - HOUR).toISOString() }, SCHEDULE_MESSAGES.endsAtPast],
    [{ endsAt: new Date(Date.now() + 400 * 24 * HOUR).toISOString() }, SCHEDULE_MESSAGES.endsAtTooFar],
    [{ endAfterVisitors: 50 }, SCHEDULE_MESSAGES.visitors],
    [{ endAfterVisitors: 1000.5 }, SCHEDULE_MESSAGES.visitors],
    [{ endAfterVisitors: "1000" }, SCHEDULE_MESSAGES.visitors],
    [{ onEnd: "winner" }, SCHEDULE_MESSAGES.onEnd],
    [{ stopEarly: "yes" }, SCHEDULE_MESSAGES.stopEarly],
    [{ minimumDays: 57 }, SCHEDULE_MESSAGES.minimumDays],
    [{ minimumDays: 2.5 }, SCHEDULE_MESSAGES.minimumDays],
    [{ minimumDays: "7" }, SCHEDULE_MESSAGES.minimumDays],
    [{ endsAt: inAnHour() }, SCHEDULE_MESSAGES.endsBeforeMinimumDays],
    [
      { endsAt: new Date(Date.now() + 13 * DAY).toISOString(), minimumDays: 14 },
      SCHEDULE_MESSAGES.endsBeforeMinimumDays,
    ],
  ])("refuse %j with a clear message", async (schedule, message) => {
    const { client } = await signedUpClient();
    const response = await client.json("POST", "/api/tests", {
      name: "Bad end",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      ...schedule,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("change while the test runs, even after its variants locked, and not once it completed", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await seedResults(test.id, [
      { visitors: 3, conversions: 0 },
      { visitors: 3, conversions: 0 },
    ]);
    const endsAt = inAnHour();
    const changed = await client.json("PATCH", `/api/tests/${test.id}`, { endsAt, onEnd: "control" });
    expect(changed.status).toBe(200);
    const state = await stateOf(client, test.slug);
    expect(state).toMatchObject({
      variantsLocked: true,
      endsAt: new Date(endsAt).toISOString(),
      onEnd: "control",
    });

    // What a change leaves out stays as it is; null removes an end.
    await client.json("PATCH", `/api/tests/${test.id}`, { stopEarly: true });
    expect(await stateOf(client, test.slug)).toMatchObject({ onEnd: "control", stopEarly: true });
    await client.json("PATCH", `/api/tests/${test.id}`, { endsAt: null });
    expect((await stateOf(client, test.slug)).endsAt).toBeNull();

    // New URLs of a running test start its next phase (tests/worker/phases.test.ts).
    const phased = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/c", weight: 50 },
      ],
    });
    expect(((await phased.json()) as { test: { phase: number } }).test.phase).toBe(2);
    const empty = await client.json("PATCH", `/api/tests/${test.id}`, {});
    expect((await errorOf(empty)).message).toBe(SCHEDULE_MESSAGES.nothingToChange);

    await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "B" });
    const late = await client.json("PATCH", `/api/tests/${test.id}`, { endsAt: inAnHour() });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("test_completed");
  });

  it("are part of the public API, and another user's test stays out of reach", async () => {
    const { client } = await verifiedClient();
    const { key } = await createApiKey(client);
    const endsAt = new Date(Date.now() + 10 * DAY).toISOString();
    const created = await publicApi(key, "POST", "/tests", {
      name: "API end",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      endsAt,
      onEnd: "promote",
    });
    expect(created.status).toBe(201);
    const { test } = (await created.json()) as { test: { id: string; endsAt: string; onEnd: string } };
    // A new test waits a week before any call unless told otherwise.
    expect(test).toMatchObject({ endsAt: new Date(endsAt).toISOString(), onEnd: "promote", minimumDays: 7 });
    const changed = await publicApi(key, "PATCH", `/tests/${test.id}`, { endAfterVisitors: 2000 });
    expect(((await changed.json()) as { test: TestState }).test.endAfterVisitors).toBe(2000);

    const other = await verifiedClient();
    const otherKey = (await createApiKey(other.client)).key;
    expect((await publicApi(otherKey, "PATCH", `/tests/${test.id}`, { endsAt: null })).status).toBe(404);
  });
});

describe("the scheduled end", () => {
  it("on its date keeps the split when asked: results freeze, visitors still split, nothing counted", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { endsAt: inAnHour(), onEnd: "keep" });
    await seedResults(test.id, UNDECIDED);
    await passEndDate(test.id);
    const run = await runAutopilot(env);
    expect(run.ended).toContainEqual({ testId: test.id, endedBy: "date", result: "kept" });

    const state = await stateOf(client, test.slug);
    expect(state).toMatchObject({
      status: "completed",
      winnerVariant: null,
      endedBy: "date",
      endResult: "kept",
    });
    expect(await destinations(test.slug)).toEqual(new Set(["/a", "/b"]));
    const after = await stateOf(client, test.slug);
    expect(after.stats).toMatchObject({ clicksA: 150, clicksB: 150 });
  });

  it("on its date sends everyone to the control when asked", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { endsAt: inAnHour(), onEnd: "control" });
    await seedResults(test.id, CLEAR_B);
    await passEndDate(test.id);
    await runAutopilot(env);
    expect(await stateOf(client, test.slug)).toMatchObject({
      status: "completed",
      winnerVariant: "A",
      endResult: "control",
    });
    expect(await destinations(test.slug, 8)).toEqual(new Set(["/a"]));
  });

  it("promotes the winner the always-valid verdict names, and the link follows at once", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { endsAt: inAnHour(), onEnd: "promote" });
    expect(await destinations(test.slug, 12)).toEqual(new Set(["/a", "/b"])); // cached while splitting
    await seedResults(test.id, CLEAR_B);
    await passEndDate(test.id);
    await runAutopilot(env);
    expect(await stateOf(client, test.slug)).toMatchObject({
      status: "completed",
      winnerVariant: "B",
      endedBy: "date",
      endResult: "promoted",
    });
    expect(await destinations(test.slug, 8)).toEqual(new Set(["/b"]));
  });

  it("refuses to promote without a verdict: the control is kept and the test says why", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { endsAt: inAnHour(), onEnd: "promote" });
    // B leads on the rates, but not by enough for the always-valid verdict.
    await seedResults(test.id, UNDECIDED);
    await passEndDate(test.id);
    await runAutopilot(env);
    expect(await stateOf(client, test.slug)).toMatchObject({
      status: "completed",
      winnerVariant: "A",
      endResult: "no_winner",
    });
    expect(await destinations(test.slug, 8)).toEqual(new Set(["/a"]));
  });

  it("ends at its number of visitors, from the Cron Trigger", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { endAfterVisitors: 300, onEnd: "control" });
    await seedResults(test.id, [
      { visitors: 140, conversions: 10 },
      { visitors: 140, conversions: 12 },
    ]);
    // The cron queues the test; the Queues runtime delivers it to the consumer, which looks at it.
    await runCron(CRONS.autopilot);
    await eventually(() => lookedAtSince(test.id, 0));
    expect((await stateOf(client, test.slug)).status).toBe("active");

    await seedResults(test.id, [
      { visitors: 10, conversions: 0 },
      { visitors: 10, conversions: 0 },
    ]);
    await runCron(CRONS.autopilot);
    await eventually(async () => (await stateOf(client, test.slug)).status === "completed");
    expect(await stateOf(client, test.slug)).toMatchObject({
      status: "completed",
      endedBy: "visitors",
      endResult: "control",
    });
  });

  it("stops early on a clear winner when asked, and not without one", async () => {
    const { client } = await signedUpClient();
    const early = await createTest(client, { stopEarly: true, onEnd: "promote" });
    const undecided = await createTest(client, { stopEarly: true, onEnd: "promote" });
    await seedResults(early.id, CLEAR_B);
    await seedResults(undecided.id, UNDECIDED);
    await autopilotUntilLookedAt(early.id);
    await autopilotUntilLookedAt(undecided.id);
    expect(await stateOf(client, early.slug)).toMatchObject({
      status: "completed",
      winnerVariant: "B",
      endedBy: "winner",
      endResult: "promoted",
    });
    expect((await stateOf(client, undecided.slug)).status).toBe("active");
  });

  it("decides by the current phase: phase 1's clear winner does not stop phase 2", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { stopEarly: true, onEnd: "promote" });
    await seedResults(test.id, CLEAR_B);
    const phased = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b2", weight: 50 },
      ],
    });
    expect(((await phased.json()) as { test: { phase: number } }).test.phase).toBe(2);
    await autopilotUntilLookedAt(test.id);
    expect(await stateOf(client, test.slug)).toMatchObject({ status: "active", endedBy: null });
  });

  it("does nothing twice when run twice, or at once, and leaves a manual promote alone", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, { endsAt: inAnHour(), onEnd: "promote" });
    const promotedByHand = await createTest(client, { endsAt: inAnHour(), onEnd: "control" });
    await seedResults(test.id, CLEAR_B);
    await passEndDate(test.id);
    const [first, second] = await Promise.all([runAutopilot(env), runAutopilot(env)]);
    const third = await runAutopilot(env);
    const endings = [first, second, third].flatMap((run) => run.ended).filter((e) => e.testId === test.id);
    expect(endings).toHaveLength(1);
    const completedMails = (await mailsTo(email)).filter((mail) =>
      mail.subject.startsWith("Your test has ended"),
    );
    expect(completedMails).toHaveLength(1);

    await client.json("POST", `/api/tests/${promotedByHand.id}/promote`, { variant: "B" });
    await passEndDate(promotedByHand.id);
    await runAutopilot(env);
    expect(await stateOf(client, promotedByHand.slug)).toMatchObject({
      winnerVariant: "B",
      endedBy: null,
      endResult: null,
    });
  });
});

describe("whole weeks before any call (#48)", () => {
  /** A new test as the API makes it by default (7 minimum days), ending early on a clear winner. */
  async function weekLongTest(client: Client, body: Record<string, unknown> = {}) {
    const response = await client.json("POST", "/api/tests", {
      name: "First hour",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      stopEarly: true,
      onEnd: "promote",
      ...body,
    });
    expect(response.status).toBe(201);
    return (
      (await response.json()) as {
        test: { id: string; slug: string; minimumDays: number; createdAt: number };
      }
    ).test;
  }

  /** Moves the test's start back, as days passing would. */
  async function startedDaysAgo(testId: string, days: number) {
    await env.DB.prepare("UPDATE split_tests SET created_at = ? WHERE id = ?")
      .bind(Date.now() - days * DAY, testId)
      .run();
  }

  it("keeps collecting until the date, in both APIs, and makes no call, sends no alert, ends nothing", async () => {
    const { client, email } = await verifiedClient();
    const test = await weekLongTest(client);
    expect(test.minimumDays).toBe(7);
    await seedResults(test.id, CLEAR_B);
    await autopilotUntilLookedAt(test.id);
    const until = new Date(test.createdAt + 7 * DAY).toISOString();
    const { test: shown } = (await (await client.fetch(`/api/tests/${test.slug}`)).json()) as {
      test: { status: string; stats: { decided: string | null; verdict: unknown } };
    };
    expect(shown.status).toBe("active");
    expect(shown.stats).toMatchObject({ decided: null, verdict: { status: "collecting", until } });
    const { key } = await createApiKey(client);
    const viaApi = (await (await publicApi(key, "GET", `/tests/${test.id}`)).json()) as {
      test: { stats: { verdict: unknown } };
    };
    expect(viaApi.test.stats.verdict).toEqual({ status: "collecting", until });
    const analytics = (await (await client.fetch(`/api/tests/${test.slug}/analytics`)).json()) as {
      analytics: { verdict: unknown };
    };
    expect(analytics.analytics.verdict).toMatchObject({ winner: null, until: Date.parse(until) });
    expect((await alertSubjects(email)).filter((subject) => subject.includes("wins"))).toEqual([]);

    // A week on, the same numbers decide: B is promoted and its owner told once.
    await startedDaysAgo(test.id, 7);
    await autopilotUntilLookedAt(test.id);
    expect(await stateOf(client, test.slug)).toMatchObject({
      status: "completed",
      winnerVariant: "B",
      endedBy: "winner",
    });
    expect(await alertSubjects(email)).toContain("Version B wins: First hour");
  });

  it("holds the visitors end until the days are up; 0 days decides at once", async () => {
    const { client } = await signedUpClient();
    const waiting = await weekLongTest(client, { stopEarly: false, endAfterVisitors: 200 });
    const atOnce = await weekLongTest(client, { minimumDays: 0 });
    await seedResults(waiting.id, CLEAR_B);
    await seedResults(atOnce.id, CLEAR_B);
    expect((await runAutopilot(env)).looked).toEqual(expect.arrayContaining([waiting.id, atOnce.id]));
    expect((await stateOf(client, waiting.slug)).status).toBe("active");
    expect(await stateOf(client, atOnce.slug)).toMatchObject({ status: "completed", winnerVariant: "B" });
    await startedDaysAgo(waiting.id, 8);
    await autopilotUntilLookedAt(waiting.id);
    expect(await stateOf(client, waiting.slug)).toMatchObject({ status: "completed", endedBy: "visitors" });
  });

  it("change on a running test, never to end it before they are up", async () => {
    const { client } = await signedUpClient();
    const test = await weekLongTest(client);
    const longer = await client.json("PATCH", `/api/tests/${test.id}`, { minimumDays: 14 });
    expect(((await longer.json()) as { test: { minimumDays: number } }).test.minimumDays).toBe(14);
    const early = await client.json("PATCH", `/api/tests/${test.id}`, {
      endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(early.status).toBe(400);
    expect((await errorOf(early)).message).toBe(SCHEDULE_MESSAGES.endsBeforeMinimumDays);
    // Counted from the test's start: started 5 days ago, 14 days end 9 days from now.
    await startedDaysAgo(test.id, 5);
    const later = await client.json("PATCH", `/api/tests/${test.id}`, {
      endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(later.status).toBe(200);
  });
});

describe("a guardrail proven worse (#48)", () => {
  it("stops no test early and promotes nothing at the end: the control is kept", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, {
      endsAt: inAnHour(),
      stopEarly: true,
      onEnd: "promote",
      metrics: [
        { name: "Errors", role: "guardrail", kind: "conversion", goal: { event: "error" }, better: "lower" },
      ],
    });
    await seedResults(test.id, CLEAR_B);
    await seedMetricConversions(test.id, "Errors", "A", 10);
    await seedMetricConversions(test.id, "Errors", "B", 60);
    await autopilotUntilLookedAt(test.id);
    expect((await stateOf(client, test.slug)).status).toBe("active");

    await passEndDate(test.id);
    await runAutopilot(env);
    expect(await stateOf(client, test.slug)).toMatchObject({
      status: "completed",
      winnerVariant: "A",
      endResult: "no_winner",
    });
    expect(await destinations(test.slug, 8)).toEqual(new Set(["/a"]));
  });
});

describe("the planner's inputs (#48)", () => {
  it("are kept with the test, and a plan that makes none is refused", async () => {
    const { client } = await signedUpClient();
    const plan = { baselineRate: 0.035, relativeLift: 0.15, dailyVisitors: 800 };
    const test = await createTest(client, { plan });
    expect(
      ((await (await client.fetch(`/api/tests/${test.slug}`)).json()) as { test: { plan: unknown } }).test
        .plan,
    ).toEqual(plan);
    expect(
      (
        (await (await client.fetch(`/api/tests/${(await createTest(client)).slug}`)).json()) as {
          test: { plan: unknown };
        }
      ).test.plan,
    ).toBeNull();
    for (const bad of [
      { ...plan, baselineRate: 1.5 },
      { ...plan, relativeLift: 0 },
      { ...plan, dailyVisitors: "lots" },
    ]) {
      const refused = await client.json("POST", "/api/tests", {
        name: "Bad plan",
        urlA: "https://shop.example/a",
        urlB: "https://shop.example/b",
        plan: bad,
      });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(TEST_MESSAGES.plan);
    }
  });
});

describe("alerts", () => {
  // Issue #33, point 1: the verdict email goes out only for the verdict's winner, never for a version
  // that only leads (here B, 100 vs 140 conversions of 1,000: a 99 % chance to beat, no verdict yet).
  it("email no winner while a version only leads", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, { name: "Only leading" });
    await seedResults(test.id, [
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 140 },
    ]);
    await autopilotUntilLookedAt(test.id);
    await runAutopilot(env);
    expect((await alertSubjects(email)).filter((subject) => subject.includes("wins"))).toEqual([]);
  });

  it("email the verdict once per test, and the end with what it did and why", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, {
      name: "Pricing headline",
      endsAt: inAnHour(),
      onEnd: "promote",
      urlA: undefined,
      urlB: undefined,
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50, name: "Short headline" },
      ],
    });
    await seedResults(test.id, CLEAR_B);
    await autopilotUntilLookedAt(test.id);
    await runAutopilot(env);
    const verdicts = (await mailsTo(email)).filter(
      (mail) => mail.subject === "Version B wins: Pricing headline",
    );
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]?.text).toContain(`https://${env.APP_HOST}/test/${test.slug}`);
    // The version's name beside its letter (issue #33, point 6).
    expect(verdicts[0]?.text).toContain("version B (Short headline) converts better");

    await passEndDate(test.id);
    await runAutopilot(env);
    const [ended] = (await mailsTo(email)).filter(
      (mail) => mail.subject === "Your test has ended: Pricing headline",
    );
    expect(ended?.text).toContain("It ended on its end date.");
    expect(ended?.text).toContain("Version B (Short headline) was the clear winner and was promoted");
  });

  it("say why the control was kept when there was no winner to promote", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, { name: "No winner", endsAt: inAnHour(), onEnd: "promote" });
    await seedResults(test.id, UNDECIDED);
    await passEndDate(test.id);
    await runAutopilot(env);
    const [ended] = (await mailsTo(email)).filter(
      (mail) => mail.subject === "Your test has ended: No winner",
    );
    expect(ended?.text).toContain("There was no clear winner, so version A (the control) was kept");
  });

  it("warn once of a visitor split that does not match the weights", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, { name: "Lopsided" });
    await seedResults(test.id, [
      { visitors: 700, conversions: 10 },
      { visitors: 400, conversions: 10 },
    ]);
    await autopilotUntilLookedAt(test.id);
    await runAutopilot(env);
    const srm = (await mailsTo(email)).filter((mail) => mail.subject.startsWith("Check your test"));
    expect(srm).toHaveLength(1);
    expect(srm[0]?.text).toContain("sample-ratio mismatch");
  });

  it("go only to users who chose them in Settings", async () => {
    const { client, email } = await signedUpClient();
    const defaults = await client.fetch("/api/account/alerts");
    expect(await defaults.json()).toEqual({ alerts: { verdict: true, completed: true, srm: true } });
    const saved = await client.json("PUT", "/api/account/alerts", {
      verdict: false,
      completed: true,
      srm: false,
    });
    expect(await saved.json()).toEqual({ alerts: { verdict: false, completed: true, srm: false } });

    const test = await createTest(client, { name: "Quiet", endsAt: inAnHour(), onEnd: "promote" });
    await seedResults(test.id, [
      { visitors: 1400, conversions: 140 },
      { visitors: 1000, conversions: 200 },
    ]);
    await autopilotUntilLookedAt(test.id);
    expect(await alertSubjects(email)).toEqual([]);
    await passEndDate(test.id);
    await runAutopilot(env);
    expect(await alertSubjects(email)).toEqual(["Your test has ended: Quiet"]);
  });

  it("go to each member of the test's workspace who chose them there, and to no one else", async () => {
    const owner = await signedUpClient();
    const editor = await signedUpClient();
    const viewer = await signedUpClient();
    const stranger = await signedUpClient();
    const team = await createWorkspace(owner.client);
    await addMember(team, editor.userId, "editor");
    await addMember(team, viewer.userId, "viewer");
    viewer.client.workspace = team;
    await viewer.client.json("PUT", "/api/account/alerts", { verdict: true, completed: false, srm: true });
    // The editor's own choice elsewhere (their personal workspace) does not count for this one.
    await editor.client.json("PUT", "/api/account/alerts", { verdict: false, completed: false, srm: false });
    editor.client.workspace = team;
    const test = await createTest(editor.client, { name: "Team test", endsAt: inAnHour(), onEnd: "promote" });
    await seedResults(test.id, UNDECIDED);
    await autopilotUntilLookedAt(test.id);
    await passEndDate(test.id);
    await runAutopilot(env);
    for (const member of [owner, editor])
      expect(await alertSubjects(member.email)).toEqual(["Your test has ended: Team test"]);
    for (const other of [viewer, stranger]) expect(await alertSubjects(other.email)).toEqual([]);
  });

  it("settings refuse a malformed choice and are each user's own", async () => {
    const { client } = await signedUpClient();
    const bad = await client.json("PUT", "/api/account/alerts", {
      verdict: "yes",
      completed: true,
      srm: true,
    });
    expect(bad.status).toBe(400);
    const other = await signedUpClient();
    await other.client.json("PUT", "/api/account/alerts", { verdict: false, completed: false, srm: false });
    expect(await (await client.fetch("/api/account/alerts")).json()).toEqual({
      alerts: { verdict: true, completed: true, srm: true },
    });
    expect((await new Client().fetch("/api/account/alerts")).status).toBe(401);
  });

  it("reach the owner's webhooks too: the verdict and the end as signed events, whatever the email choices", async () => {
    const { client } = await signedUpClient();
    await client.json("PUT", "/api/account/alerts", { verdict: false, completed: false, srm: false });
    const url = receiverUrl();
    const added = await client.json("POST", "/api/webhooks", {
      url,
      events: ["test.verdict", "test.completed"],
    });
    expect(added.status).toBe(201);
    const test = await createTest(client, {
      name: "Hooked",
      endsAt: inAnHour(),
      onEnd: "promote",
      urlA: undefined,
      urlB: undefined,
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50, name: "Short headline" },
      ],
    });
    await seedResults(test.id, CLEAR_B);
    await autopilotUntilLookedAt(test.id);
    await passEndDate(test.id);
    await runAutopilot(env);

    const events = await eventually(async () => {
      const got = await receivedAt(url);
      return got.length >= 2 && got.map((request) => JSON.parse(request.body));
    });
    expect(events.map((event) => event.type).sort()).toEqual(["test.completed", "test.verdict"]);
    const completed = events.find((event) => event.type === "test.completed");
    expect(completed.data).toEqual({
      test: { id: test.id, name: "Hooked", slug: test.slug, tags: [] },
      endedBy: "date",
      result: "promoted",
      winner: "B",
      winnerName: "Short headline",
    });
    expect(events.find((event) => event.type === "test.verdict").data).toEqual({
      test: { id: test.id, name: "Hooked", slug: test.slug, tags: [] },
      winner: "B",
      winnerName: "Short headline",
    });
  });
});

// Issue #35, point 4: every due test is looked at in the run that finds it, however many there are (the
// cron once ended at most 10 tests and looked at 100 a run).
describe("the autopilot at any size", () => {
  const statusesOf = async (ids: string[]) => {
    const { results } = await env.DB.prepare(
      "SELECT status, ended_by AS endedBy, count(*) AS n FROM split_tests WHERE id IN (SELECT value FROM json_each(?)) GROUP BY 1, 2",
    )
      .bind(JSON.stringify(ids))
      .all<{ status: string; endedBy: string | null; n: number }>();
    return results;
  };

  it("ends every one of 150 tests whose date came in one cron run, through the queue", async () => {
    const { client } = await signedUpClient();
    const original = await createTest(client, { endsAt: inAnHour(), onEnd: "control" });
    const ids = [original.id, ...(await copiesOf(original.id, 149))];
    await env.DB.prepare("UPDATE split_tests SET ends_at = ? WHERE id IN (SELECT value FROM json_each(?))")
      .bind(Date.now() - 1000, JSON.stringify(ids))
      .run();
    const { bindings, sent } = recordingAutopilot();
    await runCron(CRONS.autopilot, bindings);
    const queued = new Set(sent.flatMap((message) => ("testId" in message ? [message.testId] : [])));
    expect(ids.filter((id) => !queued.has(id))).toEqual([]);

    // The Queues runtime delivers them to the consumer, ten at a time.
    const ended = await eventually(async () => {
      const statuses = await statusesOf(ids);
      return statuses.length === 1 && statuses[0]?.status === "completed" && statuses;
    }, 15_000);
    expect(ended).toEqual([{ status: "completed", endedBy: "date", n: 150 }]);
    expect(await destinations(original.slug, 4)).toEqual(new Set(["/a"]));
  });

  it("hands the rest of a long scan on through the queue, and still queues every due test", async () => {
    const { client } = await signedUpClient();
    const original = await createTest(client, { endsAt: inAnHour(), onEnd: "keep" });
    const ids = [original.id, ...(await copiesOf(original.id, 99))];
    await env.DB.prepare("UPDATE split_tests SET ends_at = ? WHERE id IN (SELECT value FROM json_each(?))")
      .bind(Date.now() - 1000, JSON.stringify(ids))
      .run();
    const { bindings, sent } = recordingAutopilot();
    // Pages of 5: eight of them, then the rest handed on.
    await scheduleAutopilot(bindings, Date.now(), "", 5);
    expect(sent.filter((message) => "scanAfter" in message)).toHaveLength(1);
    const ended = await eventually(async () => {
      const statuses = await statusesOf(ids);
      return statuses.length === 1 && statuses[0]?.status === "completed" && statuses;
    }, 15_000);
    expect(ended).toEqual([{ status: "completed", endedBy: "date", n: 100 }]);
  });

  it("queues no test that has nothing due", async () => {
    const { client } = await signedUpClient();
    const make = () => createTest(client, { endsAt: inAnHour() });
    const [due, fresh, quiet, lookedAt, completed, deleted, paused] = await Promise.all(
      Array.from({ length: 7 }, make),
    );
    await passEndDate(due?.id ?? "");
    // Both alerts sent, no end by visitors, no early stop, not optimised, its date still to come.
    await env.DB.prepare("UPDATE split_tests SET verdict_alerted_at = 1, srm_alerted_at = 1 WHERE id = ?")
      .bind(quiet?.id)
      .run();
    await env.DB.prepare("UPDATE split_tests SET autopilot_checked_at = ? WHERE id = ?")
      .bind(Date.now() + HOUR, lookedAt?.id)
      .run();
    await client.json("POST", `/api/tests/${completed?.id}/promote`, { variant: "B" });
    await client.json("DELETE", `/api/tests/${deleted?.id}`);
    await client.json("POST", `/api/tests/${paused?.id}/pause`);

    const { bindings, sent } = recordingAutopilot();
    await runCron(CRONS.autopilot, bindings);
    const queued = new Set(sent.flatMap((message) => ("testId" in message ? [message.testId] : [])));
    expect(queued.has(due?.id ?? "")).toBe(true);
    expect(queued.has(fresh?.id ?? "")).toBe(true);
    for (const test of [quiet, lookedAt, completed, deleted, paused])
      expect(queued.has(test?.id ?? "")).toBe(false);
  });

  it("does nothing twice for a redelivered message: one weight step, one alert", async () => {
    const { client, email } = await signedUpClient();
    const test = await createTest(client, {
      name: "Redelivered",
      urlA: undefined,
      urlB: undefined,
      mode: "optimise",
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50 },
      ],
    });
    await seedResults(test.id, CLEAR_B);
    // Made long enough ago for the bandit's first step.
    await env.DB.prepare("UPDATE split_tests SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 2 * HOUR, test.id)
      .run();
    const message = { testId: test.id, at: Date.now() };
    const first = await deliverToAutopilot([message]);
    const again = await deliverToAutopilot([message], 2);
    expect([...first.explicitAcks, ...again.explicitAcks]).toHaveLength(2);

    const { results: steps } = await env.DB.prepare(
      "SELECT weights FROM weight_history WHERE split_test_id = ? ORDER BY since",
    )
      .bind(test.id)
      .all<{ weights: string }>();
    expect(steps).toHaveLength(2); // the even start, and one step
    const moved = await env.DB.prepare(
      "SELECT count(*) AS n FROM history_events WHERE split_test_id = ? AND action = 'test.weights_moved'",
    )
      .bind(test.id)
      .first<{ n: number }>();
    expect(moved?.n).toBe(1);
    expect(await alertSubjects(email)).toEqual(["Version B wins: Redelivered"]);
  });
});
