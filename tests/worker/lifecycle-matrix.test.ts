import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import type { ConnectStripeResponse } from "../../contract/api";
import { API_KEY_REVOCATION_REASONS } from "../../contract/workspaces";
import worker from "../../worker";
import { getDb } from "../../worker/db/client";
import * as schema from "../../worker/db/schema";
import { issueEmailToken } from "../../worker/services/email-tokens";
import { sendWebhookEvent } from "../../worker/services/webhooks";
import {
  addMember,
  Client,
  createApiKey,
  createTest,
  createWorkspace,
  eventually,
  GOOD_PASSWORD,
  publicApi,
  verifiedClient,
} from "./helpers";
import {
  CHANGE_OF_REVOCATION,
  CHANGES,
  type Change,
  HOLDINGS,
  KINDS,
  type Kind,
  LIFECYCLE_MATRIX,
  NOT_HELD,
} from "./lifecycle-matrix";
import { invitationToken } from "./mail-helpers";
import { fakeSlackUrl, receivedAt, receiverUrl, slackWebhookUrl } from "./webhook-receiver";

// The membership lifecycle matrix (./lifecycle-matrix.ts): each kind × change, in a team workspace with
// an owner and a member, made through the app's own API and probed the way the thing is used (a key on
// the public API, a delivery to the webhook receiver, a Stripe event, an accepted invitation, …).

const NEW_PASSWORD = "another horse battery staple";

type Person = Awaited<ReturnType<typeof verifiedClient>>;

interface Team {
  owner: Person;
  member: Person;
  workspaceId: string;
  memberRole: "owner" | "editor";
}

/** How one thing is used: whether it still works, and an owner's one click that turns it back on. */
interface Probe {
  works(): Promise<boolean>;
  /** Before the change: what shows it works, where using it would use it up. */
  ready?(): Promise<boolean>;
  turnBackOn?(): Promise<void>;
}

async function teamFor(kind: Kind): Promise<Team> {
  const owner = await verifiedClient();
  const workspaceId = await createWorkspace(owner.client);
  owner.client.workspace = workspaceId;
  const member = await verifiedClient();
  const memberRole = kind === "invitationSent" ? "owner" : "editor";
  await addMember(workspaceId, member.userId, memberRole);
  member.client.workspace = workspaceId;
  return { owner, member, workspaceId, memberRole };
}

async function ok(response: Response, status = 200): Promise<Response> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response;
}

/** A signed Stripe event of a type SplitLink ignores: 200 while the secret counts, 400 once refused. */
async function stripeEventWith(path: string, secret: string): Promise<Response> {
  const body = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2025-03-31.basil",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "customer.created",
    data: { object: { id: "cus_1", object: "customer" } },
  });
  const t = Math.floor(Date.now() / 1000);
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${t}.${body}`)));
  const v1 = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return new Client().fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${v1}` },
    body,
  });
}

const stripeSecret = () => `whsec_${crypto.randomUUID().replaceAll("-", "")}`;

/** Runs one Slack message for the workspace's connection through the webhooks queue's consumer. */
async function slackPostReaches(workspaceId: string, webhookUrl: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT id FROM slack_connections WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ id: string }>();
  if (!row) return false;
  const marker = crypto.randomUUID();
  const batch = createMessageBatch("splitlink-webhooks", [
    {
      id: marker,
      timestamp: new Date(),
      attempts: 1,
      body: {
        destination: "slack",
        connectionId: row.id,
        eventId: `evt_${marker}`,
        type: "test.verdict",
        body: JSON.stringify({ text: marker }),
      },
    },
  ]);
  await worker.queue(batch, env);
  await getQueueResult(batch, createExecutionContext());
  return (await receivedAt(fakeSlackUrl(webhookUrl))).some((request) => request.body.includes(marker));
}

const SETUP: Record<Kind, (team: Team) => Promise<Probe>> = {
  async session({ member }) {
    const other = new Client();
    await ok(await other.json("POST", "/api/auth/login", { email: member.email, password: GOOD_PASSWORD }));
    return { works: async () => (await other.fetch("/api/auth/me")).status === 200 };
  },
  async apiKey({ member }) {
    const { key } = await createApiKey(member.client, "Member's key", "write");
    return { works: async () => (await publicApi(key, "GET", "/tests")).status === 200 };
  },
  async webhookEndpoint({ owner, member, workspaceId }) {
    const url = receiverUrl();
    const created = await ok(
      await member.client.json("POST", "/api/webhooks", { url, events: ["test.completed"] }),
      201,
    );
    const { webhook } = (await created.json()) as { webhook: { id: string } };
    // The owner's own endpoint: once it has an event, the member's would have it too.
    const control = receiverUrl();
    await ok(
      await owner.client.json("POST", "/api/webhooks", { url: control, events: ["test.completed"] }),
      201,
    );
    return {
      async works() {
        const marker = crypto.randomUUID();
        await sendWebhookEvent(env, workspaceId, "test.completed", { marker });
        const has = async (at: string) => (await receivedAt(at)).some((r) => r.body.includes(marker));
        await eventually(() => has(control)).catch(() => undefined);
        return has(url);
      },
      async turnBackOn() {
        await ok(await owner.client.json("POST", `/api/webhooks/${webhook.id}/enable`));
      },
    };
  },
  async slackConnection({ owner, member, workspaceId }) {
    const webhookUrl = slackWebhookUrl();
    await ok(await member.client.json("PUT", "/api/integrations/slack", { webhookUrl }));
    return {
      works: () => slackPostReaches(workspaceId, webhookUrl),
      async turnBackOn() {
        await ok(await owner.client.json("POST", "/api/integrations/slack/enable"));
      },
    };
  },
  async stripeSecret({ owner, member }) {
    let secret = stripeSecret();
    const response = await ok(
      await member.client.json("PUT", "/api/integrations/stripe", { signingSecret: secret }),
    );
    const path = new URL(((await response.json()) as ConnectStripeResponse).endpointUrl).pathname;
    return {
      works: async () => (await stripeEventWith(path, secret)).status === 200,
      async turnBackOn() {
        // The owner rolls the secret in Stripe and pastes the new one.
        secret = stripeSecret();
        await ok(await owner.client.json("PUT", "/api/integrations/stripe", { signingSecret: secret }));
      },
    };
  },
  async shareLink({ owner, member }) {
    const test = await createTest(owner.client);
    const shared = await ok(await member.client.json("POST", `/api/tests/${test.slug}/share`));
    const { url } = (await shared.json()) as { url: string };
    return { works: async () => (await new Client().fetch(new URL(url).pathname)).status === 200 };
  },
  async invitationSent({ member, workspaceId }) {
    const invitee = await verifiedClient();
    await ok(
      await member.client.json("POST", `/api/workspaces/${workspaceId}/invitations`, {
        email: invitee.email,
        role: "owner",
      }),
      201,
    );
    const token = await invitationToken(invitee.email);
    return {
      ready: async () => {
        const response = await invitee.client.fetch(`/api/invitations/${token}`);
        return (
          ((await response.json()) as { invitation?: { state: string } }).invitation?.state === "pending"
        );
      },
      works: async () =>
        (await invitee.client.json("POST", `/api/invitations/${token}/accept`)).status === 200,
    };
  },
};

const APPLY: Record<Change, (team: Team) => Promise<void>> = {
  async removed({ owner, member, workspaceId }) {
    await ok(await owner.client.json("DELETE", `/api/workspaces/${workspaceId}/members/${member.userId}`));
  },
  async demoted({ owner, member, workspaceId, memberRole }) {
    const role = memberRole === "owner" ? "editor" : "viewer";
    await ok(
      await owner.client.json("PATCH", `/api/workspaces/${workspaceId}/members/${member.userId}`, { role }),
    );
  },
  async left({ member, workspaceId }) {
    await ok(await member.client.json("DELETE", `/api/workspaces/${workspaceId}/members/${member.userId}`));
  },
  async accountDeleted({ member }) {
    await ok(
      await member.client.json("DELETE", "/api/account", { email: member.email, password: GOOD_PASSWORD }),
    );
  },
  async workspaceDeleted({ owner, workspaceId }) {
    await ok(await owner.client.json("DELETE", `/api/workspaces/${workspaceId}`));
  },
  async passwordReset({ member }) {
    const token = await issueEmailToken(getDb(env.DB), member.userId, "reset_password");
    await ok(
      await new Client().json("POST", "/api/account/reset-password", { token, password: NEW_PASSWORD }),
    );
  },
  async passwordChanged({ member }) {
    await ok(
      await member.client.json("POST", "/api/account/password", {
        currentPassword: GOOD_PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
    );
  },
};

/** The changes after which the member can be invited again (their account is still there). */
const REINVITABLE: readonly Change[] = ["removed", "demoted", "left"];

describe("the membership lifecycle matrix", () => {
  it("has a kind for every column that references a user, or says why it holds no reach", () => {
    const tables = Object.values(schema).filter((value) => is(value, SQLiteTable)) as SQLiteTable[];
    const referencing = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.foreignKeys
        .filter((fk) => getTableConfig(fk.reference().foreignTable).name === "users")
        .flatMap((fk) => fk.reference().columns.map((column) => `${config.name}.${column.name}`));
    });
    expect(referencing.sort()).toEqual([...Object.keys(HOLDINGS), ...Object.keys(NOT_HELD)].sort());
    expect([...new Set(Object.values(HOLDINGS))].sort()).toEqual([...KINDS].sort());
  });

  it("declares an outcome for every kind × change, and a change for every reason a key is revoked", () => {
    expect(Object.keys(LIFECYCLE_MATRIX).sort()).toEqual([...KINDS].sort());
    for (const kind of KINDS) expect(Object.keys(LIFECYCLE_MATRIX[kind]).sort()).toEqual([...CHANGES].sort());
    expect(Object.keys(CHANGE_OF_REVOCATION).sort()).toEqual([...API_KEY_REVOCATION_REASONS].sort());
  });

  const cells = KINDS.flatMap((kind) =>
    CHANGES.map((change) => [kind, change, LIFECYCLE_MATRIX[kind][change]] as const),
  );

  it.each(cells)("%s × %s: %s", async (kind, change, outcome) => {
    const team = await teamFor(kind);
    const probe = await SETUP[kind](team);
    expect(await (probe.ready ?? probe.works)()).toBe(true);

    await APPLY[change](team);

    expect(await probe.works()).toBe(outcome === "works");
    if (outcome === "works") return;
    if (REINVITABLE.includes(change)) {
      // Back in the workspace with the role they had: what was revoked or disabled stays so.
      await addMember(team.workspaceId, team.member.userId, team.memberRole);
      expect(await probe.works()).toBe(false);
    }
    if (outcome === "disabled") {
      expect(probe.turnBackOn).toBeDefined();
      await probe.turnBackOn?.();
      expect(await probe.works()).toBe(true);
    }
  });
});
