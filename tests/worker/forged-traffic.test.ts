import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NEW_SESSIONS_PER_ADDRESS_HOUR } from "../../worker/queue/record";
import { addressHash, issueSession, verifySession } from "../../worker/redirect/session";
import {
  Client,
  type CreatedTest,
  createTest,
  eventually,
  HUMAN,
  open,
  sendBeacon,
  signedUpClient,
  uniqueIp,
} from "./helpers";
import { conversionsOf, rollup } from "./queue-helpers";

const SECRET = "a-session-secret-that-is-long-enough-0123456789";

async function newTest() {
  const { client } = await signedUpClient();
  return createTest(client);
}

function landing(response: Response) {
  const location = new URL(response.headers.get("location") ?? "");
  return {
    sessionId: location.searchParams.get("sessionId") ?? "",
    variant: location.searchParams.get("variant") ?? "",
  };
}

function beacon(testId: string, sessionId: string, variant: string) {
  return sendBeacon({ splitTestId: testId, sessionId, variant });
}

async function clicksOf(testId: string, expected: number) {
  return eventually(async () => {
    const { results } = await env.DB.prepare(
      "SELECT session_id, variant, is_bot FROM clicks WHERE split_test_id = ? ORDER BY timestamp, rowid",
    )
      .bind(testId)
      .all<{ session_id: string; variant: string; is_bot: number }>();
    return results.length >= expected && results;
  });
}

describe("visitor sessions", () => {
  it("are signed by the server: a changed id, signature or secret verifies as nothing", async () => {
    const { id, cookie } = await issueSession(SECRET);
    expect(await verifySession(SECRET, cookie)).toBe(id);
    const [, signature] = cookie.split(".");
    const other = crypto.randomUUID();
    for (const forged of [id, `${other}.${signature}`, `${id}.${signature}x`, `${id}.`, `forged-1`, ""])
      expect(await verifySession(SECRET, forged)).toBeNull();
    expect(await verifySession(`${SECRET}-other`, cookie)).toBeNull();
    expect(await verifySession(SECRET, undefined)).toBeNull();
  });

  it("hash an address per test, never keeping it", async () => {
    const hash = await addressHash(SECRET, "100.64.25.1", "test-1");
    expect(hash).not.toContain("100.64");
    expect(await addressHash(SECRET, "100.64.25.1", "test-1")).toBe(hash);
    expect(await addressHash(SECRET, "100.64.25.1", "test-2")).not.toBe(hash);
    expect(await addressHash(SECRET, "100.64.25.2", "test-1")).not.toBe(hash);
  });
});

describe("forged session and variant cookies", () => {
  it("cannot make B the winner of someone else's test: five forged pairs leave the statistics untouched", async () => {
    const test = await newTest();
    for (let i = 1; i <= 5; i++) {
      const response = await open(new Client(), `/r/${test.slug}`, {
        headers: { ...HUMAN, cookie: `sl_sid=forged-${i}; sl_v_${test.id}=B` },
      });
      expect(response.status).toBe(302);
      expect(landing(response).sessionId).not.toBe(`forged-${i}`);
      const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith("sl_sid=")) ?? "";
      expect(sessionCookie).toMatch(/^sl_sid=[0-9a-f-]{36}\.[\w-]+;/);
    }
    // One honest visitor who converts.
    const honest = landing(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN }));
    const clicks = await clicksOf(test.id, 6);
    expect(clicks.map((c) => c.session_id)).not.toContain("forged-1");

    for (let i = 1; i <= 5; i++) expect((await beacon(test.id, `forged-${i}`, "B")).status).toBe(202);
    expect((await beacon(test.id, honest.sessionId, honest.variant)).status).toBe(202);
    await eventually(async () => (await conversionsOf(test.id)).length > 0);
    expect(await conversionsOf(test.id)).toEqual([{ variant: honest.variant, session_id: honest.sessionId }]);
    const totals = await rollup(test.id);
    expect(totals.reduce((sum, row) => sum + Number(row.conversions), 0)).toBe(1);
  });

  it("take no variant from a cookie: the signed session alone decides", async () => {
    const test = await newTest();
    // A real visitor on A, who then puts B in a variant cookie of the kind older versions set.
    let visitor = new Client();
    while (landing(await open(visitor, `/r/${test.slug}`, { headers: HUMAN })).variant !== "A")
      visitor = new Client();
    const session = visitor.cookies.get("sl_sid") ?? "";
    const sessionId = session.split(".")[0] ?? "";
    for (const forged of ["B", `B.${session.split(".")[1]}`, "C"]) {
      for (let i = 0; i < 10; i++) {
        const response = await open(new Client(), `/r/${test.slug}`, {
          headers: { ...HUMAN, cookie: `sl_sid=${session}; sl_v_${test.id}=${forged}` },
        });
        expect(landing(response)).toEqual({ sessionId, variant: "A" });
      }
    }
  });
});

describe("a burst of new sessions from one address", () => {
  it(`is recorded, but past ${NEW_SESSIONS_PER_ADDRESS_HOUR} an hour on one link it is flagged and counted nowhere`, async () => {
    const test: CreatedTest = await newTest();
    const address = uniqueIp();
    const sessions: { sessionId: string; variant: string; visitor: Client }[] = [];
    for (let i = 0; i <= NEW_SESSIONS_PER_ADDRESS_HOUR; i++) {
      const visitor = new Client(address);
      sessions.push({ ...landing(await open(visitor, `/r/${test.slug}`, { headers: HUMAN })), visitor });
    }
    // A returning visitor from that address, and a new one from another address, still count.
    const first = sessions[0];
    if (!first) throw new Error("no visit");
    await open(first.visitor, `/r/${test.slug}`, { headers: HUMAN });
    const elsewhere = landing(await open(new Client(uniqueIp()), `/r/${test.slug}`, { headers: HUMAN }));

    const rows = await clicksOf(test.id, NEW_SESSIONS_PER_ADDRESS_HOUR + 3);
    const flagged = rows.filter((row) => row.is_bot === 2).map((row) => row.session_id);
    const last = sessions.at(-1);
    expect(flagged).toEqual([last?.sessionId]);
    expect(rows.filter((row) => row.is_bot === 0)).toHaveLength(NEW_SESSIONS_PER_ADDRESS_HOUR + 2);

    const totals = await rollup(test.id);
    expect(totals.reduce((sum, row) => sum + Number(row.visitors), 0)).toBe(
      NEW_SESSIONS_PER_ADDRESS_HOUR + 1,
    );
    expect(totals.reduce((sum, row) => sum + Number(row.clicks), 0)).toBe(NEW_SESSIONS_PER_ADDRESS_HOUR + 2);

    // The flagged session's conversion counts no more than a bot's would.
    await beacon(test.id, last?.sessionId ?? "", last?.variant ?? "A");
    await beacon(test.id, elsewhere.sessionId, elsewhere.variant);
    await eventually(async () => (await conversionsOf(test.id)).length > 0);
    expect(await conversionsOf(test.id)).toEqual([
      { variant: elsewhere.variant, session_id: elsewhere.sessionId },
    ]);
  });
});
