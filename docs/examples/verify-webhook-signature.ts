// Verifying a SplitLink webhook in Node (18 or later), as shown on the API docs page (/docs/api) and
// linked from docs/webhooks.md. Pass the raw request body, exactly as received: parsing and re-serialising the JSON
// changes the bytes and the signature no longer matches.
import { createHmac, timingSafeEqual } from "node:crypto";

/** Deliveries signed longer ago than this are refused, so a captured request cannot be replayed. */
const TOLERANCE_SECONDS = 5 * 60;

/** True when `header` (the SplitLink-Signature header) signs `rawBody` with your endpoint's secret. */
export function verifyWebhookSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  const parts = new Map((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = parts.get("t") ?? "";
  const signature = parts.get("v1") ?? "";
  const age = Date.now() / 1000 - Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(age) > TOLERANCE_SECONDS) return false;

  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  // Constant-time comparison: how long it takes tells an attacker nothing about the right signature.
  return (
    signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

// With Express, keep the body raw on the webhook route:
//
//   app.post("/webhooks/splitlink", express.raw({ type: "application/json" }), (req, res) => {
//     const body = req.body.toString("utf8");
//     if (!verifyWebhookSignature(body, req.get("SplitLink-Signature"), process.env.SPLITLINK_WEBHOOK_SECRET!))
//       return res.sendStatus(400);
//     const event = JSON.parse(body); // { id, type, createdAt, data }
//     // The same event can arrive twice (a retry after a lost answer): skip an id already handled.
//     res.sendStatus(200);
//   });
