import { WEBHOOK_MESSAGES } from "@contract/messages";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE } from "@contract/webhooks";
import verifySample from "@docs/examples/verify-webhook-signature.ts?raw";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { WEBHOOK_EVENT_DESCRIPTIONS } from "@/lib/webhooks/event-descriptions";

const EXAMPLE_EVENT = `{
  "id": "0195f0c2-7a3e-7c41-9d52-0c8e4f1b2a6d",
  "type": "conversion.recorded",
  "createdAt": "2026-03-02T14:05:09.112Z",
  "data": {
    "test": { "id": "3f1c…", "name": "Pricing page", "slug": "k7Qm2x" },
    "testId": "3f1c…",
    "variant": "B",
    "sessionId": "…",
    "conversionId": "…",
    "occurredAt": "2026-03-02T14:05:08.930Z",
    "amount": 49.99,
    "currency": "EUR"
  }
}`;

// Wrapped, not scrolled (as the endpoints' curl commands): every line is readable without a mouse.
const codeBlock =
  "whitespace-pre-wrap wrap-anywhere rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed";

/** How webhooks arrive and how to check they come from SplitLink: the signature scheme and a Node sample. */
export function WebhooksGuide() {
  return (
    <Card id="webhooks" className="scroll-mt-20 gap-3">
      <CardHeader>
        <CardTitle className="text-lg">Webhooks: receiving and verifying events</CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 text-sm">
        <p>
          Add endpoints in Settings or with <code className="font-mono">POST /api/v1/webhooks</code>. Each
          event arrives as a <code className="font-mono">POST</code> with a JSON body{" "}
          <code className="font-mono">{"{ id, type, createdAt, data }"}</code> and the headers{" "}
          <code className="font-mono">Content-Type: application/json</code>,{" "}
          <code className="font-mono">User-Agent: SplitLink-Webhooks/1</code>,{" "}
          <code className="font-mono">SplitLink-Event-Id</code>,{" "}
          <code className="font-mono">SplitLink-Event-Type</code> and{" "}
          <code className="font-mono">SplitLink-Signature</code>.
        </p>
        <ul className="grid gap-1">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <code className="font-mono">{type}</code>{" "}
              <span className="text-muted-foreground">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
            </li>
          ))}
          <li>
            <code className="font-mono">{WEBHOOK_PING_TYPE}</code>{" "}
            <span className="text-muted-foreground">
              Sent only by Settings → Send test event, to try an endpoint; it cannot be subscribed to.
            </span>
          </li>
        </ul>
        <pre className={codeBlock}>
          <code>{EXAMPLE_EVENT}</code>
        </pre>
        <p>
          Answer with any 2xx status within 10 seconds. Any other answer, a timeout or a network error is
          retried {WEBHOOK_MESSAGES.retrySchedule}, with the same id and body; then the delivery is given up
          and the endpoint shows as failing until it answers a later event. Handle each event id once: a retry
          can repeat an event you already took.
        </p>
        <h3 className="font-semibold">Verifying the signature</h3>
        <p>
          <code className="font-mono">SplitLink-Signature: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>,
          where the signature is the hex HMAC-SHA256 of{" "}
          <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> keyed with the endpoint's signing
          secret (shown once, when the endpoint is added) — the scheme Stripe uses. To check it: compute the
          same HMAC over the raw body as received, compare it with <code className="font-mono">v1</code> in
          constant time, and refuse a <code className="font-mono">t</code> more than 5 minutes away from now,
          so a captured request cannot be replayed. In Node:
        </p>
        <pre className={codeBlock}>
          <code>{verifySample}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
