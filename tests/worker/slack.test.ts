import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import type { KnownBlock } from "@slack/types";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { IntegrationListResponse, SlackConnection, SlackTestResponse } from "../../contract/api";
import { ANALYTICS_MESSAGES, SLACK_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import { getDb } from "../../worker/db/client";
import { splitTests } from "../../worker/db/schema";
import worker from "../../worker/index";
import { BLOCK_KIT_LIMITS, slackAlertBody } from "../../worker/integrations/slack/message";
import { sendTestAlert } from "../../worker/services/alerts";
import type { SlackAlertMessage, SlackMessage } from "../../worker/webhooks/events";
import { runAutopilot } from "./autopilot-helpers";
import {
  addMember,
  Client,
  createApiKey,
  createTest,
  createWorkspace,
  errorOf,
  eventually,
  publicApi,
  signedUpClient,
  verifiedClient,
} from "./helpers";
import { seedResults } from "./queue-helpers";
import { fakeSlackUrl, planAnswers, receivedAt, slackWebhookUrl } from "./webhook-receiver";

// Issue #36, point 2: the workspace's alerts posted to a Slack incoming webhook, in Block Kit, once per
// event, on the webhooks' queue and retry schedule. Slack is faked at the HTTP boundary
// (webhook-receiver.ts, FAKE_SLACK): the Worker posts a hooks.slack.com URL's path there.

interface Block {
  type: string;
  text?: { type: string; text: string };
  fields?: { type: string; text: string }[];
  elements?: { type: string; text: { text: string }; url: string }[];
}
interface SlackBody {
  text: string;
  blocks: Block[];
}

async function connect(client: Client, webhookUrl = slackWebhookUrl()) {
  const response = await client.json("PUT", "/api/integrations/slack", { webhookUrl });
  if (response.status !== 200) throw new Error(`connect failed: ${response.status} ${await response.text()}`);
  return { webhookUrl, connection: (await response.json()) as SlackConnection };
}

async function statusOf(client: Client): Promise<SlackConnection> {
  return (await (await client.fetch("/api/integrations/slack")).json()) as SlackConnection;
}

async function connectionIdOf(workspaceId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM slack_connections WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ id: string }>();
  if (!row) throw new Error("not connected");
  return row.id;
}

/** Runs one batch of the webhooks' queue as the runtime would, with the message's `attempts`. */
async function consume(body: SlackMessage, attempts: number) {
  const batch = createMessageBatch("splitlink-webhooks", [
    { id: "s0", timestamp: new Date(), attempts, body },
  ]);
  const retries = batch.messages.map((m) => vi.spyOn(m, "retry"));
  await worker.queue(batch, env);
  const result = await getQueueResult(batch, createExecutionContext());
  return {
    acked: result.explicitAcks,
    retryDelays: retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds)),
  };
}

const message = (connectionId: string): SlackMessage => ({
  destination: "slack",
  connectionId,
  eventId: `evt_${crypto.randomUUID()}`,
  type: "test.verdict",
  body: JSON.stringify({ text: "Hello" }),
});

/** The fake Slack's requests for the URL once `count` have come, given a moment for any extra. */
async function postsTo(webhookUrl: string, count = 1) {
  await eventually(async () => (await receivedAt(fakeSlackUrl(webhookUrl))).length >= count);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  return receivedAt(fakeSlackUrl(webhookUrl));
}

/** Other test files' tests share the database: runs the cron until it has looked at this test. */
async function autopilotUntilLookedAt(testId: string) {
  for (let i = 0; i < 50; i++) {
    await runAutopilot(env);
    const row = await env.DB.prepare("SELECT autopilot_checked_at AS checked FROM split_tests WHERE id = ?")
      .bind(testId)
      .first<{ checked: number | null }>();
    if (row?.checked) return;
  }
  throw new Error("the cron never looked at the test");
}

describe("Slack alerts", () => {
  it("stay within Block Kit's limits whatever the names: a header of 150 characters, a section of 3,000, fields of 2,000", () => {
    // Escaped, each & becomes &amp;: a long name of them would pass every limit five times over.
    const long = "R&D <team> ".repeat(700);
    const body = JSON.parse(
      slackAlertBody({
        fallback: long,
        header: `Verdict: ${long}`,
        summary: long,
        fields: [{ label: "Winner", value: long }],
        link: "https://splitlink.app/test/abc",
      }),
    ) as { blocks: KnownBlock[] };
    const [header, section] = body.blocks as [Block, Block];
    expect(header.text?.text.length).toBe(BLOCK_KIT_LIMITS.header);
    expect(section.text?.text.length).toBeLessThanOrEqual(BLOCK_KIT_LIMITS.section);
    expect(section.text?.text.length).toBeGreaterThan(BLOCK_KIT_LIMITS.section - 10);
    expect(section.fields?.[0]?.text.length).toBeLessThanOrEqual(BLOCK_KIT_LIMITS.field);
    // Cut at a whole entity, never leaving "&am" for Slack to show, and marked as cut.
    for (const text of [section.text?.text ?? "", section.fields?.[0]?.text ?? ""]) {
      expect(text).toMatch(/…$/);
      expect(text.replace(/&(amp|lt|gt);/g, "")).not.toContain("&");
    }
    expect(BLOCK_KIT_LIMITS).toEqual({ header: 150, section: 3000, field: 2000 });
  });

  it("link to the app that sent them: a local server's own origin, a deployment's own host", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const test = await createTest(client, { name: "Hosts" });
    const alert = (): SlackAlertMessage => ({
      destination: "slack-alert",
      workspaceId: userId,
      testId: test.id,
      eventId: `evt_${crypto.randomUUID()}`,
      type: "test.srm_detected",
      alert: { kind: "srm", pValue: 0.0001 },
      winnerName: null,
    });
    const run = async (body: SlackAlertMessage, bindings: Env) => {
      const batch = createMessageBatch("splitlink-webhooks", [
        { id: "a0", timestamp: new Date(), attempts: 1, body },
      ]);
      await worker.queue(batch, bindings);
    };
    // `npm run dev` on port 8799, and the browser tests' server, pass their origin as LOCAL_ORIGIN.
    await run(alert(), { ...env, ENVIRONMENT: "development", LOCAL_ORIGIN: "http://localhost:8799" } as Env);
    await run(alert(), { ...env, ENVIRONMENT: "staging", APP_HOST: "splitlink-staging.example.workers.dev" });
    const posts = await postsTo(webhookUrl, 2);
    const links = posts.map((post) => (JSON.parse(post.body) as SlackBody).blocks.at(-1)?.elements?.[0]?.url);
    expect(links.sort()).toEqual([
      `http://localhost:8799/test/${test.slug}`,
      `https://splitlink-staging.example.workers.dev/test/${test.slug}`,
    ]);
  });

  it("post a verdict once, with the winner, its lift and interval, and a button to the test", async () => {
    const { client } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const test = await createTest(client, {
      name: "Pricing headline",
      urlA: undefined,
      urlB: undefined,
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50, name: "Short headline" },
      ],
    });
    await seedResults(test.id, [
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 200 },
    ]);
    await autopilotUntilLookedAt(test.id);
    // The cron again: the verdict was claimed, nothing is sent twice.
    await runAutopilot(env);

    const posts = await postsTo(webhookUrl);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(posts[0]?.body ?? "") as SlackBody;
    expect(body.text).toBe("Pricing headline: version B · Short headline wins.");
    const [header, section, actions] = body.blocks;
    expect(header).toEqual({
      type: "header",
      text: { type: "plain_text", text: "Verdict: Pricing headline" },
    });
    expect(section?.text?.type).toBe("mrkdwn");
    // The test page's recommendation: B converts 100 % more than A, with the interval.
    expect(section?.text?.text).toMatch(
      /^Deploy version B · Short headline: B converts 100 % more than A \(between \d+ % and \d+ % more\)\.$/,
    );
    expect(section?.fields?.map((field) => field.text)).toEqual([
      "*Winner*\nB · Short headline",
      expect.stringMatching(/^\*Lift\*\n\+100 % \(between \+\d+ % and \+\d+ %\)$/),
    ]);
    expect(actions?.elements).toEqual([
      {
        type: "button",
        text: { type: "plain_text", text: "Open the test" },
        url: `https://${env.APP_HOST}/test/${test.slug}`,
      },
    ]);
    const status = await statusOf(client);
    expect(status.status).toBe("active");
    expect(status.lastDeliveredAt).not.toBeNull();
  });

  it("post a redelivered queue message only once", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const slack = message(await connectionIdOf(userId));
    expect(await consume(slack, 1)).toEqual({ acked: ["s0"], retryDelays: [] });
    // The queue delivers at least once: the same message again, then as a later attempt.
    expect(await consume(slack, 1)).toEqual({ acked: ["s0"], retryDelays: [] });
    expect(await consume(slack, 2)).toEqual({ acked: ["s0"], retryDelays: [] });
    expect(await receivedAt(fakeSlackUrl(webhookUrl))).toHaveLength(1);
  });

  it("retry a 500 on the webhooks' schedule and deliver once", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    await planAnswers(fakeSlackUrl(webhookUrl), [{ status: 500, body: "internal_error" }]);
    const slack = message(await connectionIdOf(userId));

    expect(await consume(slack, 1)).toEqual({ acked: [], retryDelays: [60] });
    expect((await statusOf(client)).lastFailure).toBe("Slack answered 500 internal_error");
    expect(await consume(slack, 2)).toEqual({ acked: ["s0"], retryDelays: [] });
    expect(await consume(slack, 3)).toEqual({ acked: ["s0"], retryDelays: [] });

    const posts = await receivedAt(fakeSlackUrl(webhookUrl));
    expect(posts.map((post) => post.body)).toEqual([slack.body, slack.body]);
    const status = await statusOf(client);
    expect(status.status).toBe("active");
    expect(status.lastDeliveredAt).not.toBeNull();
  });

  it("retry a 429, and give up after the last attempt with the connection failing", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    await planAnswers(fakeSlackUrl(webhookUrl), [{ status: 429, body: "rate_limited" }, { status: 503 }]);
    const slack = message(await connectionIdOf(userId));
    expect(await consume(slack, 1)).toEqual({ acked: [], retryDelays: [60] });
    expect(await consume(slack, 8)).toEqual({ acked: ["s0"], retryDelays: [] });
    expect((await statusOf(client)).status).toBe("failing");
  });

  it("stop at a 404 no_service, and show in the status that the webhook is gone", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    await planAnswers(fakeSlackUrl(webhookUrl), [{ status: 404, body: "no_service" }]);
    const slack = message(await connectionIdOf(userId));

    expect(await consume(slack, 1)).toEqual({ acked: ["s0"], retryDelays: [] });
    expect(await receivedAt(fakeSlackUrl(webhookUrl))).toHaveLength(1);
    const status = await statusOf(client);
    expect(status).toMatchObject({
      connected: true,
      status: "broken",
      lastDeliveredAt: null,
      lastFailure: "Slack answered 404 no_service",
    });
    expect(status.lastFailureAt).not.toBeNull();
  });

  it("escape mrkdwn: a test named <!channel> cannot ping the channel", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const created = await createTest(client, { name: "<!channel> & <https://evil.example|win>" });
    const test = await getDb(env.DB).select().from(splitTests).where(eq(splitTests.id, created.id)).get();
    if (!test) throw new Error("no test");
    expect(test.workspaceId ?? test.userId).toBe(userId);

    await sendTestAlert(env, test, { kind: "srm", pValue: 0.00001 });

    const [post] = await postsTo(webhookUrl);
    const body = JSON.parse(post?.body ?? "") as SlackBody;
    const parsed = [body.text, ...body.blocks.flatMap((b) => [b.text?.type === "mrkdwn" ? b.text.text : ""])];
    for (const text of parsed) expect(text).not.toMatch(/<|>/);
    expect(body.text).toBe(
      "&lt;!channel&gt; &amp; &lt;https://evil.example|win&gt;: visitors are not split as set.",
    );
    // The test page's warning, and the header as plain text (never parsed).
    expect(body.blocks[1]?.text?.text).toBe(ANALYTICS_MESSAGES.srmWarning);
    expect(body.blocks[0]?.text).toEqual({
      type: "plain_text",
      text: "Check your test: <!channel> & <https://evil.example|win>",
    });
  });

  it("say what an end did, with the promoted version", async () => {
    const { client } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const created = await createTest(client, { name: "Spring sale" });
    const test = await getDb(env.DB).select().from(splitTests).where(eq(splitTests.id, created.id)).get();
    if (!test) throw new Error("no test");

    await sendTestAlert(env, test, { kind: "completed", endedBy: "date", result: "promoted", winner: "B" });

    const [post] = await postsTo(webhookUrl);
    const body = JSON.parse(post?.body ?? "") as SlackBody;
    expect(body.blocks[0]?.text?.text).toBe("Test ended: Spring sale");
    expect(body.blocks[1]?.text?.text).toBe(
      "It ended on its end date. Version B was the clear winner and was promoted: everyone now goes there.",
    );
  });

  it("go nowhere for a workspace without Slack, and stop at once when disconnected", async () => {
    const { client, userId } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const slack = message(await connectionIdOf(userId));
    expect((await client.json("DELETE", "/api/integrations/slack")).status).toBe(200);
    expect(await consume(slack, 1)).toEqual({ acked: ["s0"], retryDelays: [] });
    expect(await receivedAt(fakeSlackUrl(webhookUrl))).toEqual([]);
    expect(await statusOf(client)).toMatchObject({ connected: false, webhookUrl: null });
  });
});

describe("connecting Slack", () => {
  it("keeps the URL secret: masked in every answer and in the history", async () => {
    const { client } = await signedUpClient();
    const webhookUrl = slackWebhookUrl();
    const token = new URL(webhookUrl).pathname.split("/").at(-1) ?? "";
    const response = await client.json("PUT", "/api/integrations/slack", { webhookUrl });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(token);
    const [, , team = "", hook = ""] = new URL(webhookUrl).pathname.split("/");
    expect(JSON.parse(text)).toMatchObject({
      connected: true,
      status: "active",
      webhookUrl: `hooks.slack.com/services/${team.slice(0, 4)}…/${hook.slice(0, 4)}…/••••`,
      lastDeliveredAt: null,
    });
    expect(await (await client.fetch("/api/integrations/slack")).text()).not.toContain(token);
    const history = await (await client.fetch("/api/workspace/history")).text();
    expect(history).toContain("integration.connected");
    expect(history).toContain(`hooks.slack.com/services/${team.slice(0, 4)}…`);
    expect(history).not.toContain(token);
  });

  it.each([
    ["http://hooks.slack.com/services/T0001/B0001/abc123", SLACK_MESSAGES.urlNotHttps],
    ["https://hooks.slack.com.evil.example/services/T0001/B0001/abc123", SLACK_MESSAGES.urlNotSlack],
    ["https://evil.example/services/T0001/B0001/abc123", SLACK_MESSAGES.urlNotSlack],
    ["https://hooks.slack.com:8443/services/T0001/B0001/abc123", SLACK_MESSAGES.urlNotSlack],
    ["https://hooks.slack.com/workflows/T0001/A0001/123/abc", SLACK_MESSAGES.urlWrongPath],
    ["https://hooks.slack.com/services/T0001/B0001", SLACK_MESSAGES.urlWrongPath],
    ["hooks.slack.com/services/T0001/B0001/abc123", SLACK_MESSAGES.urlInvalid],
    [`https://hooks.slack.com/services/T0001/B0001/${"a".repeat(300)}`, SLACK_MESSAGES.urlTooLong],
    ["", SLACK_MESSAGES.urlRequired],
  ])("refuses %s with the field's message", async (webhookUrl, expected) => {
    const { client } = await signedUpClient();
    const response = await client.json("PUT", "/api/integrations/slack", { webhookUrl });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "invalid_input", message: expected });
    expect(await statusOf(client)).toMatchObject({ connected: false });
  });

  it("sends a test message and answers how it went", async () => {
    const { client } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const sent = await client.json("POST", "/api/integrations/slack/test");
    expect(sent.status).toBe(200);
    const result = (await sent.json()) as SlackTestResponse;
    expect(result).toMatchObject({ delivered: true, error: null, slack: { status: "active" } });
    const [post] = await receivedAt(fakeSlackUrl(webhookUrl));
    expect((JSON.parse(post?.body ?? "") as SlackBody).text).toBe(SLACK_MESSAGES.testMessage);

    await planAnswers(fakeSlackUrl(webhookUrl), [{ status: 410, body: "channel_is_archived" }]);
    const failed = (await (
      await client.json("POST", "/api/integrations/slack/test")
    ).json()) as SlackTestResponse;
    expect(failed).toMatchObject({
      delivered: false,
      error: "Slack answered 410 channel_is_archived",
      slack: { status: "broken", lastFailure: "Slack answered 410 channel_is_archived" },
    });
  });

  it("posts at most 5 test messages a minute per person: the sixth is refused and reaches no one", async () => {
    const { client } = await signedUpClient();
    const { webhookUrl } = await connect(client);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.json("POST", "/api/integrations/slack/test")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await receivedAt(fakeSlackUrl(webhookUrl))).toHaveLength(5);
  });

  it("lists Slack among the integrations, on the app's API and the public API", async () => {
    const { client } = await signedUpClient();
    const before = (await (await client.fetch("/api/integrations")).json()) as IntegrationListResponse;
    expect(before.integrations.find((row) => row.kind === "slack")).toEqual({
      kind: "slack",
      connected: false,
      connectedAt: null,
      lastEventAt: null,
    });
    await connect(client);
    await client.json("POST", "/api/integrations/slack/test");
    const key = await createApiKey(client);
    const after = (await (
      await publicApi(key.key, "GET", "/integrations")
    ).json()) as IntegrationListResponse;
    expect(after.integrations.find((row) => row.kind === "slack")).toEqual({
      kind: "slack",
      connected: true,
      connectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastEventAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const viaKey = await publicApi(key.key, "PUT", "/integrations/slack", {
      webhookUrl: "https://x.example/",
    });
    expect(viaKey.status).toBe(400);
  });

  it("goes with its workspace: deleting the workspace deletes the connection and its URL", async () => {
    const owner = await verifiedClient();
    const workspaceId = await createWorkspace(owner.client);
    owner.client.workspace = workspaceId;
    await connect(owner.client);
    owner.client.workspace = null;
    expect((await owner.client.json("DELETE", `/api/workspaces/${workspaceId}`)).status).toBe(200);
    const row = await env.DB.prepare("SELECT 1 FROM slack_connections WHERE workspace_id = ?")
      .bind(workspaceId)
      .first();
    expect(row).toBeNull();
  });

  it("is an editor's change: a viewer 403, another workspace's member 404, anonymous 401", async () => {
    const owner = await verifiedClient();
    const workspaceId = await createWorkspace(owner.client);
    owner.client.workspace = workspaceId;
    const viewer = await verifiedClient();
    await addMember(workspaceId, viewer.userId, "viewer");
    viewer.client.workspace = workspaceId;
    const stranger = await verifiedClient();
    stranger.client.workspace = workspaceId;
    const { webhookUrl } = await connect(owner.client);

    const byViewer = await viewer.client.json("PUT", "/api/integrations/slack", {
      webhookUrl: slackWebhookUrl(),
    });
    expect(byViewer.status).toBe(403);
    expect(await errorOf(byViewer)).toMatchObject({ message: WORKSPACE_MESSAGES.viewerCannotChange });
    expect((await viewer.client.json("DELETE", "/api/integrations/slack")).status).toBe(403);
    expect((await viewer.client.json("POST", "/api/integrations/slack/test")).status).toBe(403);
    expect((await viewer.client.fetch("/api/integrations/slack")).status).toBe(200);

    for (const [method, path] of [
      ["GET", "/api/integrations/slack"],
      ["DELETE", "/api/integrations/slack"],
      ["POST", "/api/integrations/slack/test"],
    ] as const) {
      expect((await stranger.client.json(method, path)).status).toBe(404);
      expect((await new Client().json(method, path)).status).toBe(401);
    }
    const anonymous = await publicApi(null, "PUT", "/integrations/slack", { webhookUrl });
    expect(anonymous.status).toBe(401);
    expect((await statusOf(owner.client)).connected).toBe(true);
    expect(await receivedAt(fakeSlackUrl(webhookUrl))).toEqual([]);
  });
});
