import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const CREATE_SESSION = [
  "// The visitor came through the split link to https://shop.example/?sessionId=…&variant=B:",
  "// keep that sessionId with the cart, then hand it to Stripe with the test's id.",
  "const session = await stripe.checkout.sessions.create({",
  '  mode: "payment",',
  "  line_items: cartLineItems,",
  "  client_reference_id: splitlinkSessionId,",
  '  metadata: { splitlink_test: "YOUR_TEST_ID" },',
  '  success_url: "https://shop.example/thanks",',
  "});",
].join("\n");

const WEBHOOK = [
  'app.post("/stripe/webhook", express.raw({ type: "application/json" }), async (req, res) => {',
  '  const event = stripe.webhooks.constructEvent(req.body, req.headers["stripe-signature"], webhookSecret);',
  '  if (event.type === "checkout.session.completed" && event.data.object.client_reference_id) {',
  "    const session = event.data.object;",
  '    const answer = await fetch("https://splitlink.app/api/v1/conversions", {',
  '      method: "POST",',
  "      headers: {",
  '        Authorization: "Bearer " + process.env.SPLITLINK_API_KEY,',
  '        "Content-Type": "application/json",',
  "        // Stripe may deliver an event twice: the same key counts it once.",
  '        "Idempotency-Key": event.id,',
  "      },",
  "      body: JSON.stringify({",
  "        testId: session.metadata.splitlink_test,",
  "        sessionId: session.client_reference_id,",
  "        // Stripe counts in minor units (cents); SplitLink takes 49.99. Zero-decimal currencies such as",
  "        // JPY are whole already: send amount_total as it is for them.",
  "        amount: session.amount_total / 100,",
  "        currency: session.currency.toUpperCase(),",
  "      }),",
  "    });",
  "    // Busy (429) or down (5xx): fail the webhook, Stripe sends it again later with the same event id.",
  "    if (answer.status === 429 || answer.status >= 500) return res.sendStatus(503);",
  "  }",
  "  res.sendStatus(200);",
  "});",
].join("\n");

const pre =
  "whitespace-pre-wrap break-all rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed";

/** How to send conversions from a Stripe Checkout integration: the session id rides along as client_reference_id. */
export function StripeCheckoutExample() {
  return (
    <Card id="stripe-checkout" className="scroll-mt-20 gap-4">
      <CardHeader>
        <CardTitle className="text-base">Example: Stripe Checkout</CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3 text-sm">
        <p>
          1. When you create the Checkout Session, pass the visitor's{" "}
          <code className="font-mono">sessionId</code> as{" "}
          <code className="font-mono">client_reference_id</code> and the test's id in its metadata.
        </p>
        <pre className={pre}>
          <code>{CREATE_SESSION}</code>
        </pre>
        <p>
          2. In your webhook handler for <code className="font-mono">checkout.session.completed</code>, send
          the conversion with the order's total. A buyer whose browser blocked the tag still counts, with the
          amount.
        </p>
        <pre className={pre}>
          <code>{WEBHOOK}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
