import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TestAnalyticsResponse, TrackingSetup, WorkspaceHistoryResponse } from "../../contract/api";
import { TRAFFIC_RULES_MESSAGES } from "../../contract/messages";
import { DEFAULT_TRAFFIC_RULES } from "../../contract/traffic";
import { testWorkspaceKey, trafficRulesKey } from "../../worker/link-cache/keys";
import { forgetInIsolate } from "../../worker/link-cache/lookup";
import {
  Client,
  clicksOf,
  eventually,
  fetchWorker,
  HUMAN,
  open,
  publicApi,
  sendBeacon,
  uniqueIp,
} from "./helpers";
import { invitationToken } from "./mail-helpers";
import { seedApiKey, seedMembership, seedTest, seedUser, seedWorkspace } from "./seed";

// Issue #47, points 5 and 6: a workspace's traffic rules. Visits they match are redirected as usual and
// counted in no arm, each with its reason in the test's traffic quality.

async function qualityOf(client: Client, slug: string) {
  const response = await client.fetch(`/api/tests/${slug}/analytics`);
  return ((await response.json()) as TestAnalyticsResponse).analytics.trafficQuality;
}

async function ownerWithTest() {
  const owner = await seedUser();
  const test = await seedTest(owner);
  return { owner, test };
}

function putRules(client: Client, workspaceId: string, body: unknown) {
  return client.json("PUT", `/api/workspaces/${workspaceId}/traffic-rules`, body);
}

describe("traffic rules API", () => {
  it("answers the defaults, saves rules and records the change in the history", async () => {
    const { owner } = await ownerWithTest();
    const path = `/api/workspaces/${owner.userId}/traffic-rules`;
    expect(await (await owner.client.fetch(path)).json()).toEqual(DEFAULT_TRAFFIC_RULES);
    const rules = {
      internal: ["203.0.113.0/24", "2001:db8:1::/48", "198.51.100.7"],
      blocked: [
        { type: "asn", value: "AS64500" },
        { type: "userAgent", value: "HeadlessChrome" },
        { type: "referrer", value: "https://www.spam.example/path" },
      ],
      machineTraffic: false,
    };
    const saved = await putRules(owner.client, owner.userId, rules);
    expect(saved.status).toBe(200);
    const expected = {
      ...rules,
      blocked: [...rules.blocked.slice(0, 2), { type: "referrer", value: "spam.example" }],
    };
    expect(await saved.json()).toEqual(expected);
    expect(await (await owner.client.fetch(path)).json()).toEqual(expected);
    const history = (await (
      await owner.client.fetch("/api/workspace/history")
    ).json()) as WorkspaceHistoryResponse;
    expect(history.events.map((event) => event.action)).toContain("workspace.traffic_rules_changed");
  });

  it("refuses an address that is no IP or range, too many, and a bad ASN, each with its message", async () => {
    const { owner } = await ownerWithTest();
    const error = async (body: unknown) =>
      ((await (await putRules(owner.client, owner.userId, body)).json()) as { error: { message: string } })
        .error.message;
    expect(await error({ internal: ["203.0.113.0/33"] })).toBe(
      TRAFFIC_RULES_MESSAGES.invalidAddress("203.0.113.0/33"),
    );
    expect(await error({ internal: ["office"] })).toBe(TRAFFIC_RULES_MESSAGES.invalidAddress("office"));
    expect(await error({ internal: Array.from({ length: 101 }, (_, i) => `10.0.0.${i % 250}`) })).toBe(
      TRAFFIC_RULES_MESSAGES.tooManyInternal,
    );
    expect(await error({ blocked: [{ type: "asn", value: "amazon" }] })).toBe(
      TRAFFIC_RULES_MESSAGES.invalidAsn("amazon"),
    );
    expect(await error({ blocked: [{ type: "userAgent", value: "x".repeat(201) }] })).toBe(
      TRAFFIC_RULES_MESSAGES.valueTooLong,
    );
  });

  it("lets an editor change the rules and a viewer only read them; the public API the same", async () => {
    const { owner } = await ownerWithTest();
    const team = await seedWorkspace(owner.userId);
    const editor = await seedUser();
    const viewer = await seedUser();
    await seedMembership(team, editor.userId, "editor");
    await seedMembership(team, viewer.userId, "viewer");
    const rules = { internal: ["192.0.2.0/24"], blocked: [], machineTraffic: true };
    expect((await putRules(editor.client, team, rules)).status).toBe(200);
    expect((await putRules(viewer.client, team, rules)).status).toBe(403);
    expect((await viewer.client.fetch(`/api/workspaces/${team}/traffic-rules`)).status).toBe(200);
    expect((await putRules((await seedUser()).client, team, rules)).status).toBe(404);

    const writeKey = await seedApiKey(owner.userId, { workspaceId: team });
    const readKey = await seedApiKey(owner.userId, { workspaceId: team, scope: "read" });
    const v1 = "/workspace/traffic-rules";
    expect(await (await publicApi(readKey.key, "GET", v1)).json()).toEqual(rules);
    expect((await publicApi(readKey.key, "PUT", v1, rules)).status).toBe(403);
    const changed = await publicApi(writeKey.key, "PUT", v1, { ...rules, machineTraffic: false });
    expect(changed.status).toBe(200);
    expect(await (await editor.client.fetch(`/api/workspaces/${team}/traffic-rules`)).json()).toEqual({
      ...rules,
      machineTraffic: false,
    });
  });
});

describe("traffic rules on the redirect", () => {
  it("redirects an internal address, a blocked user agent and a cloud network as usual, counting none", async () => {
    const { owner, test } = await ownerWithTest();
    const office = "203.0.113.";
    await putRules(owner.client, owner.userId, {
      internal: [`${office}0/24`],
      blocked: [{ type: "userAgent", value: "OfficeKiosk" }],
    });
    const internal = await open(new Client(`${office}42`), `/r/${test.slug}`, { headers: HUMAN });
    const blocked = await open(new Client(), `/r/${test.slug}`, {
      headers: { "user-agent": `${HUMAN["user-agent"]} officekiosk/2` },
    });
    // AWS (AMAZON-02): machine traffic, left out by default.
    const cloud = await open(new Client(), `/r/${test.slug}`, { headers: HUMAN, cf: { asn: 16509 } });
    for (const response of [internal, blocked, cloud]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^https:\/\/shop\.example\/[ab]\?/);
    }
    // A person elsewhere still counts.
    await open(new Client(), `/r/${test.slug}`, { headers: HUMAN, cf: { asn: 3320 } });
    const quality = await eventually(async () => {
      const found = await qualityOf(owner.client, test.slug);
      return found.visits.length >= 3 && found;
    });
    expect(quality.visits).toEqual(
      expect.arrayContaining([
        { reason: "internal", events: 1 },
        { reason: "blocked", events: 1 },
        { reason: "datacenter", events: 1 },
      ]),
    );
    await eventually(async () => (await clicksOf(test.id)) === 1);
    expect(await clicksOf(test.id)).toBe(1);
  });

  it("counts a cloud network's visit once machine traffic is switched off, and follows a PUT at once", async () => {
    const { owner, test } = await ownerWithTest();
    await putRules(owner.client, owner.userId, { machineTraffic: false });
    await open(new Client(), `/r/${test.slug}`, { headers: HUMAN, cf: { asn: 16509 } });
    await eventually(async () => (await clicksOf(test.id)) === 1);
    const address = uniqueIp();
    await putRules(owner.client, owner.userId, { blocked: [{ type: "address", value: address }] });
    expect(await env.LINKS.get(trafficRulesKey(owner.userId), "json")).toMatchObject({
      rules: { blocked: [{ type: "address", value: address }] },
    });
    await open(new Client(address), `/r/${test.slug}`, { headers: HUMAN });
    await eventually(async () =>
      (await qualityOf(owner.client, test.slug)).visits.some((row) => row.reason === "blocked"),
    );
    expect(await clicksOf(test.id)).toBe(1);
  });

  it("does not count a signed-in member's own click on the app host, nor trust a forged session", async () => {
    const { owner, test } = await ownerWithTest();
    const team = await seedWorkspace(owner.userId);
    const member = await seedUser();
    await seedMembership(team, member.userId, "editor");
    // The members are cached with the rules when the test is stored (and read again within the hour).
    const teamTest = await seedTest(owner, { workspaceId: team });
    await open(member.client, `/r/${teamTest.slug}`, { headers: HUMAN });
    // Someone signed in who is no member, and a cookie no server signed, count as anyone.
    const stranger = await seedUser();
    await open(stranger.client, `/r/${teamTest.slug}`, { headers: HUMAN });
    const forged = new Client();
    forged.cookies.set("sl_access", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged");
    await open(forged, `/r/${teamTest.slug}`, { headers: HUMAN });
    owner.client.workspace = team;
    const quality = await eventually(async () => {
      const found = await qualityOf(owner.client, teamTest.slug);
      return found.visits.length >= 1 && found;
    });
    expect(quality.visits).toEqual([{ reason: "internal", events: 1 }]);
    await eventually(async () => (await clicksOf(teamTest.id)) === 2);
    // The owner's own personal test, opened while signed in, is theirs too.
    owner.client.workspace = null;
    await open(owner.client, `/r/${test.slug}`, { headers: HUMAN });
    await eventually(async () =>
      (await qualityOf(owner.client, test.slug)).visits.some((row) => row.reason === "internal"),
    );
  });
});

describe("the setup checklist with the traffic rules", () => {
  it("says a member's own visit did not open the link, and why; the next visitor's does, on both APIs", async () => {
    const { owner, test } = await ownerWithTest();
    const setupOf = async () =>
      ((await (await owner.client.fetch(`/api/tests/${test.slug}/setup`)).json()) as { setup: TrackingSetup })
        .setup;
    await open(owner.client, `/r/${test.slug}`, { headers: HUMAN });
    const own = await eventually(async () => {
      const setup = await setupOf();
      return setup.uncountedVisits.length > 0 && setup;
    });
    expect(own).toMatchObject({ linkOpenedAt: null, uncountedVisits: [{ reason: "internal", events: 1 }] });

    await open(new Client(uniqueIp()), `/r/${test.slug}`, { headers: HUMAN });
    const opened = await eventually(async () => {
      const setup = await setupOf();
      return setup.linkOpenedAt !== null && setup;
    });
    expect(opened.uncountedVisits).toEqual([{ reason: "internal", events: 1 }]);
    const key = await seedApiKey(owner.userId, { scope: "read" });
    const viaKey = await publicApi(key.key, "GET", `/tests/${test.id}/setup`);
    expect(((await viaKey.json()) as { setup: unknown }).setup).toEqual(opened);
  });
});

describe("traffic rules follow the members", () => {
  it("leaves out a member's click from when they join, and counts it again once they are removed", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    const test = await seedTest(owner, { workspaceId: team });
    const person = await seedUser();
    // Cached before they join: the redirect knows the owner alone.
    await open(new Client(), `/r/${test.slug}`, { headers: HUMAN });
    await eventually(async () => (await clicksOf(test.id)) === 1);
    expect(await env.LINKS.get(trafficRulesKey(team), "json")).toMatchObject({ members: [owner.userId] });

    const invited = await owner.client.json("POST", `/api/workspaces/${team}/invitations`, {
      email: person.email,
      role: "viewer",
    });
    expect(invited.status).toBe(201);
    const token = await invitationToken(person.email);
    expect((await person.client.json("POST", `/api/invitations/${token}/accept`)).status).toBe(200);
    await open(person.client, `/r/${test.slug}`, { headers: HUMAN });
    owner.client.workspace = team;
    await eventually(async () =>
      (await qualityOf(owner.client, test.slug)).visits.some((row) => row.reason === "internal"),
    );
    expect(await clicksOf(test.id)).toBe(1);

    const removed = await owner.client.json("DELETE", `/api/workspaces/${team}/members/${person.userId}`);
    expect(removed.status).toBe(200);
    await open(person.client, `/r/${test.slug}`, { headers: HUMAN });
    await eventually(async () => (await clicksOf(test.id)) === 2);
  });
});

describe("traffic rules on conversions", () => {
  it("does not count a beacon's conversion from an internal address, and says why", async () => {
    const { owner, test } = await ownerWithTest();
    const visitor = new Client();
    const response = await open(visitor, `/r/${test.slug}`, { headers: HUMAN });
    const location = new URL(response.headers.get("location") ?? "");
    await eventually(async () => (await clicksOf(test.id)) === 1);
    const office = uniqueIp();
    await putRules(owner.client, owner.userId, { internal: [office] });
    const beacon = await sendBeacon(
      {
        splitTestId: test.id,
        sessionId: location.searchParams.get("sessionId"),
        variant: location.searchParams.get("variant"),
      },
      new Client(office),
    );
    expect(beacon.status).toBeLessThan(300);
    const quality = await eventually(async () => {
      const found = await qualityOf(owner.client, test.slug);
      return found.conversions.length > 0 && found;
    });
    expect(quality.conversions).toEqual([{ reason: "internal_address", events: 1 }]);
  });
  it("reads no D1 for a beacon once its test's workspace and rules are cached", async () => {
    const { owner, test } = await ownerWithTest();
    const beacon = (bindings: Env) =>
      fetchWorker(
        "/functions/v1/conversions",
        {
          method: "POST",
          headers: {
            "content-type": "text/plain",
            origin: "https://shop.example",
            "cf-connecting-ip": uniqueIp(),
          },
          body: JSON.stringify({ splitTestId: test.id, sessionId: crypto.randomUUID(), variant: "A" }),
        },
        { bindings },
      );
    expect((await beacon(env)).status).toBe(202);
    await eventually(() => env.LINKS.get(testWorkspaceKey(test.id)));
    // Another isolate: nothing in memory, both entries in KV and at the location.
    forgetInIsolate([testWorkspaceKey(test.id), trafficRulesKey(owner.userId)]);
    const d1Calls: string[] = [];
    const watched = new Proxy(env.DB, {
      get(target, property) {
        d1Calls.push(String(property));
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect((await beacon({ ...env, DB: watched })).status).toBe(202);
    expect(d1Calls).toEqual([]);
  });
});
