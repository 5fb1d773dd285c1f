// A stand-in for users' webhook endpoints. It runs in Node: vitest.config.ts hands it every outbound
// request whose path starts with /hooks/, on any host, so a delivery that should never leave (to a
// private address) would be seen here too. It records each request and answers 200, or what a test
// planned for that URL:
//   PUT /__fake/answers?url=   [{status?, delayMs?}, …]  the answers to the next requests, in order
//   GET /__fake/received?url=  the requests it got for that URL, in order
// Tests steer it over HTTP from inside workerd with the helpers at the end.

export const FAKE_RECEIVER = { origin: "https://hooks.acme-receiver.io" } as const;
/**
 * Slack's incoming webhooks (issue #36): the Worker posts a hooks.slack.com URL's path here
 * (SLACK_WEBHOOK_ORIGIN in vitest.config.ts); the fake answers 200 `ok` as Slack does, or as planned.
 */
export const FAKE_SLACK = { origin: "https://hooks.slack.fake" } as const;

export interface PlannedAnswer {
  status?: number;
  /** Answer only after this many milliseconds (a slow endpoint, for timeouts). */
  delayMs?: number;
  /** The answer's body; `ok` unless planned (Slack's errors are words like `no_service`). */
  body?: string;
}

export interface ReceivedRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
}

const received = new Map<string, ReceivedRequest[]>();
const planned = new Map<string, PlannedAnswer[]>();

const keyOf = (url: URL) => `${url.host}${url.pathname}`;

export function isReceiverRequest(request: Request): boolean {
  const url = new URL(request.url);
  return (
    url.pathname.startsWith("/hooks/") ||
    url.origin === FAKE_RECEIVER.origin ||
    url.origin === FAKE_SLACK.origin
  );
}

export async function fakeReceiver(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin === FAKE_RECEIVER.origin && url.pathname.startsWith("/__fake/")) {
    const key = keyOf(new URL(url.searchParams.get("url") ?? ""));
    if (url.pathname === "/__fake/answers" && request.method === "PUT") {
      planned.set(key, (await request.json()) as PlannedAnswer[]);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/__fake/received") return Response.json(received.get(key) ?? []);
    return new Response("unknown fake control", { status: 404 });
  }
  const key = keyOf(url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  received.set(key, [
    ...(received.get(key) ?? []),
    { method: request.method, headers, body: await request.text() },
  ]);
  const answer = planned.get(key)?.shift() ?? {};
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  return new Response(answer.body ?? "ok", { status: answer.status ?? 200 });
}

// --- steering the fake from a test (inside workerd; its fetch leaves through the outboundService) ---

/** A URL of its own for one test's endpoint, on the fake's host or another. */
export function receiverUrl(host = new URL(FAKE_RECEIVER.origin).host): string {
  return `https://${host}/hooks/${crypto.randomUUID()}`;
}

export async function planAnswers(url: string, answers: PlannedAnswer[]): Promise<void> {
  await fetch(`${FAKE_RECEIVER.origin}/__fake/answers?url=${encodeURIComponent(url)}`, {
    method: "PUT",
    body: JSON.stringify(answers),
  });
}

export async function receivedAt(url: string): Promise<ReceivedRequest[]> {
  const response = await fetch(`${FAKE_RECEIVER.origin}/__fake/received?url=${encodeURIComponent(url)}`);
  return (await response.json()) as ReceivedRequest[];
}

/** A Slack incoming webhook URL of its own for one test, in Slack's form. */
export function slackWebhookUrl(): string {
  const id = () => crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase();
  return `https://hooks.slack.com/services/T${id()}/B${id()}/${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Where the Worker posts a Slack webhook URL in the tests: its path on the fake Slack. */
export function fakeSlackUrl(webhookUrl: string): string {
  return `${FAKE_SLACK.origin}${new URL(webhookUrl).pathname}`;
}
