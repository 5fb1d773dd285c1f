import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { WebhookEvent } from "../../contract/api";
import { HISTORY_ACTIONS } from "../../contract/api/history";
import { ERROR_STATUS, type ErrorCode } from "../../contract/errors";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE } from "../../contract/webhooks";
import apiDoc from "../../docs/api.md?raw";
import webhooksDoc from "../../docs/webhooks.md?raw";
import { getDb } from "../../worker/db/client";
import { splitTests } from "../../worker/db/schema";
import { errorCodesByStatus } from "../../worker/openapi/document";
import { OPERATION_DESCRIPTIONS } from "../../worker/openapi/operation-descriptions";
import { PUBLIC_API_OPERATIONS } from "../../worker/routes/public-api";
import { sendTestAlert } from "../../worker/services/alerts";
import { sendTestEvent } from "../../worker/services/webhooks";
import { clickedVisitor, eventually, publicApi } from "./helpers";
import { seedApiKey, seedTest, seedUser } from "./seed";
import { receivedAt, receiverUrl } from "./webhook-receiver";

// What docs/api.md and docs/webhooks.md say of the API, checked against the contract: the operations
// of worker/routes/public-api.ts, the statuses and codes each declares, the history's actions and the
// webhook events' payloads as the Worker really sends them (issue #50, point 3).

const METHODS = "GET|POST|PUT|PATCH|DELETE";
/** `GET /api/v1/tests/{id}`, and `GET/PUT /api/v1/…` for two. */
const OPERATION_MENTION = new RegExp(`\`((?:${METHODS})(?:/(?:${METHODS}))*) (/api/v1/[^\`\\s]*)\``, "g");

const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const OPERATIONS = new Map(PUBLIC_API_OPERATIONS.map((op) => [operationKey(op.method, op.path), op]));

/** The operations a piece of text names, as `METHOD /path`. */
function operationsNamed(text: string): string[] {
  return [...text.matchAll(OPERATION_MENTION)].flatMap(([, methods = "", path = ""]) =>
    methods.split("/").map((method) => operationKey(method, path)),
  );
}

/**
 * The text cut where a reader takes one statement: each table row, each sentence of a paragraph; code
 * blocks left out.
 */
function statements(markdown: string): string[] {
  return markdown
    .replace(/```[\s\S]*?```/g, "")
    .split(/\n\s*\n/)
    .flatMap((block) => {
      const lines = block.split("\n");
      if (lines.every((line) => line.startsWith("|"))) return lines;
      return lines.join(" ").split(/(?<=[.:;])\s+(?=[A-Z`(])/);
    });
}

/** The HTTP statuses and error codes a statement gives. */
function answersIn(statement: string): { statuses: number[]; codes: ErrorCode[] } {
  const statuses = [...statement.matchAll(/\b([245]\d\d)\b(?! (?:characters|KiB|requests|a minute))/g)].map(
    ([, status]) => Number(status),
  );
  const codes = [...statement.matchAll(/`([a-z_]+)`/g)]
    .map(([, code]) => code as ErrorCode)
    .filter((code) => code in ERROR_STATUS);
  return { statuses, codes };
}

/** What an operation can answer: its 2xx statuses, and each error status with its codes. */
function answersOf(key: string): { statuses: Set<number>; codes: Set<ErrorCode> } {
  const op = OPERATIONS.get(key);
  if (!op) throw new Error(`${key} is no /api/v1 operation`);
  const errors = errorCodesByStatus(op);
  return {
    statuses: new Set([op.success.status, ...(op.otherAnswers ?? []).map((a) => a.status), ...errors.keys()]),
    codes: new Set([...errors.values()].flat()),
  };
}

/** Each statement's problems: a status or code the one operation it names does not declare. */
function undeclaredAnswers(markdown: string): string[] {
  return statements(markdown).flatMap((statement) => {
    const named = [...new Set(operationsNamed(statement))];
    if (named.length !== 1) return [];
    const [key = ""] = named;
    const declared = answersOf(key);
    const { statuses, codes } = answersIn(statement);
    return [
      ...statuses.filter((status) => !declared.statuses.has(status)).map((status) => `${key}: ${status}`),
      ...codes.filter((code) => !declared.codes.has(code)).map((code) => `${key}: ${code}`),
    ];
  });
}

describe("docs/api.md against the operations", () => {
  it("names only operations the API has, and its table lists every one", () => {
    const named = new Set([...operationsNamed(apiDoc), ...operationsNamed(webhooksDoc)]);
    expect([...named].filter((key) => !OPERATIONS.has(key))).toEqual([]);
    const tableRows = apiDoc.split("\n").filter((line) => line.startsWith("| `"));
    const inTable = new Set(tableRows.flatMap(operationsNamed));
    expect([...OPERATIONS.keys()].filter((key) => !inTable.has(key))).toEqual([]);
  });

  it("gives each operation only statuses and error codes it declares, here and in the OpenAPI descriptions", () => {
    expect(undeclaredAnswers(apiDoc)).toEqual([]);
    expect(undeclaredAnswers(webhooksDoc)).toEqual([]);
    const described = PUBLIC_API_OPERATIONS.flatMap((op) => {
      const description = OPERATION_DESCRIPTIONS[op.operationId] ?? "";
      return undeclaredAnswers(`\`${op.method.toUpperCase()} ${op.path}\`: ${description}`);
    });
    expect(described).toEqual([]);
    // The check has teeth: a status the operation never answers is caught.
    expect(undeclaredAnswers("`GET /api/v1/tests` answers 409 `slug_taken`.")).toEqual([
      "GET /api/v1/tests: 409",
      "GET /api/v1/tests: slug_taken",
    ]);
  });

  it("sends bodies in its examples that the operation's schema accepts", () => {
    const examples = [...apiDoc.matchAll(/curl -X (\w+) \S+?(\/api\/v1\/\S+) [\s\S]*?-d '([^']+)'/g)];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const inline = [...webhooksDoc.matchAll(/`(POST|PUT|PATCH) (\/api\/v1\/\S+)` \(`(\{[^`]+\})`\)/g)];
    expect(inline.length).toBeGreaterThanOrEqual(1);
    for (const [, method = "", path = "", body = ""] of [...examples, ...inline]) {
      const op = OPERATIONS.get(operationKey(method, path));
      const parsed = op?.body?.schema.safeParse(JSON.parse(body));
      expect(parsed?.error?.issues ?? [], `${method} ${path} ${body}`).toEqual([]);
      expect(parsed?.success, `${method} ${path}`).toBe(true);
    }
  });

  it("lists exactly the history's actions, and names no other elsewhere", () => {
    const start = apiDoc.indexOf("`action` is one of `HISTORY_ACTIONS`");
    const list = apiDoc.slice(start, apiDoc.indexOf("A deleted test's events", start));
    const tokens = (text: string) => [...text.matchAll(/`([a-z_]+)\.([a-z_]+|\*)`/g)];
    const listed = tokens(list).map(([, prefix, name]) => `${prefix}.${name}`);
    const covered = (action: string) =>
      listed.includes(action) || listed.includes(`${action.split(".")[0]}.*`);
    expect(HISTORY_ACTIONS.filter((action) => !covered(action))).toEqual([]);
    const exists = (token: string) =>
      token.endsWith(".*")
        ? HISTORY_ACTIONS.some((action) => action.startsWith(token.slice(0, -1)))
        : (HISTORY_ACTIONS as readonly string[]).includes(token);
    expect(listed.filter((token) => !exists(token))).toEqual([]);
    // Elsewhere, anything spelled like an action of a kind the history has is one.
    const prefixes = new Set(HISTORY_ACTIONS.map((action) => action.split(".")[0]));
    const elsewhere = tokens(apiDoc.replace(list, ""))
      .filter(([, prefix]) => prefixes.has(prefix ?? ""))
      .map(([, prefix, name]) => `${prefix}.${name}`);
    expect(elsewhere.filter((token) => !exists(token))).toEqual([]);
  });
});

/** docs/webhooks.md's "Event data" table: each event type and the fields its `data` holds. */
function documentedEventFields(markdown: string): Map<string, string[]> {
  const rows = markdown.split("\n").filter((line) => /^\| `[a-z_.]+` +\|/.test(line));
  return new Map(
    rows.map((row) => {
      const [, type = "", data = ""] = row.split("|").map((cell) => cell.trim());
      // Values and explanations are in brackets; the fields are the names quoted outside them.
      let outside = data;
      while (/\([^()]*\)/.test(outside)) outside = outside.replace(/\([^()]*\)/g, "");
      const fields = [...outside.matchAll(/`([A-Za-z]\w*)`/g)].map(([, field]) => field ?? "");
      return [type.replaceAll("`", ""), fields.sort()];
    }),
  );
}

/** What differs between the documented fields and the payloads' data. */
function fieldMismatches(documented: Map<string, string[]>, sent: Map<string, WebhookEvent>): string[] {
  return [...sent].flatMap(([type, event]) => {
    const fields = Object.keys(event.data).sort();
    const doc = documented.get(type) ?? [];
    return [
      ...fields.filter((field) => !doc.includes(field)).map((field) => `${type}: ${field} is not documented`),
      ...doc.filter((field) => !fields.includes(field)).map((field) => `${type}: ${field} is not sent`),
    ];
  });
}

describe("docs/webhooks.md against the events the Worker sends", () => {
  it("documents every event and exactly the fields of its data, as a real delivery carries them", async () => {
    const owner = await seedUser();
    const { key } = await seedApiKey(owner.userId);
    const url = receiverUrl();
    const created = await publicApi(key, "POST", "/webhooks", { url, events: [...WEBHOOK_EVENT_TYPES] });
    expect(created.status).toBe(201);
    const { webhook } = (await created.json()) as { webhook: { id: string } };
    const seeded = await seedTest(owner, { currency: "EUR" });
    const test = await getDb(env.DB).select().from(splitTests).where(eq(splitTests.id, seeded.id)).get();
    if (!test) throw new Error("the seeded test is missing");
    // Its tags ride in every test event's `test` (issue #49 point 4).
    await env.DB.prepare(
      "INSERT INTO test_tags (split_test_id, workspace_id, tag) VALUES (?1, ?2, 'spring'), (?1, ?2, 'email')",
    )
      .bind(test.id, test.workspaceId)
      .run();

    // Every event, each from the code that sends it: the autopilot's alerts, a valued conversion from
    // the server-side API, and Send test event.
    await sendTestAlert(env, test, { kind: "verdict", winner: "B" });
    await sendTestAlert(env, test, { kind: "completed", endedBy: "date", result: "promoted", winner: "B" });
    await sendTestAlert(env, test, { kind: "srm", pValue: 0.0004 });
    const { sessionId } = await clickedVisitor(seeded);
    const value = { testId: seeded.id, sessionId, amount: 49.99, currency: "EUR" };
    const recorded = await publicApi(key, "POST", "/conversions", value, { "Idempotency-Key": url });
    expect(recorded.status).toBe(201);
    await sendTestEvent(env, owner.userId, webhook.id);

    const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE];
    const received = await eventually(async () => {
      const got = await receivedAt(url);
      return got.length >= types.length && got;
    });
    const sent = new Map(
      received.map((request) => {
        const event = JSON.parse(request.body) as WebhookEvent;
        return [event.type, event];
      }),
    );
    expect([...sent.keys()].sort()).toEqual([...types].sort());

    const documented = documentedEventFields(webhooksDoc);
    expect([...documented.keys()].sort()).toEqual([...types].sort());
    expect(fieldMismatches(documented, sent)).toEqual([]);

    // "Each test event's `data` holds `test: { id, name, slug, tags }`", and it is this test.
    const promised = /holds `test: \{ ([\w, ]+) \}`/.exec(webhooksDoc)?.[1]?.split(", ");
    expect(promised).toEqual(["id", "name", "slug", "tags"]);
    for (const type of WEBHOOK_EVENT_TYPES)
      expect(sent.get(type)?.data.test, type).toEqual({
        id: test.id,
        name: test.name,
        slug: test.slug,
        tags: ["email", "spring"],
      });
    expect(sent.get("conversion.recorded")?.data).toMatchObject({ amount: 49.99, currency: "EUR" });

    // The check has teeth: a payload without a documented field, or with one more, is caught.
    const withoutSession = structuredClone(sent);
    delete withoutSession.get("conversion.recorded")?.data.sessionId;
    expect(fieldMismatches(documented, withoutSession)).toEqual([
      "conversion.recorded: sessionId is not sent",
    ]);
  });
});
