import { Hono } from "hono";
import type { AppEnv } from "../env";
import { receiveStripeEvent, STRIPE_MAX_BODY_BYTES } from "../integrations/stripe/receive";
import { limitBody } from "../middleware/body-limit";

/**
 * `POST /integrations/stripe/{token}`: where Stripe sends a connected workspace's events (the endpoint
 * URL Settings shows). No session and no CSRF check: the signature is the proof. A refusal is a 400, which
 * Stripe shows in its delivery log and retries; anything taken is a 200, counted or not.
 */
export const stripeEventRoutes = new Hono<AppEnv>().post(
  "/stripe/:token",
  limitBody(STRIPE_MAX_BODY_BYTES),
  async (c) => {
    const body = await c.req.text();
    const token = c.req.param("token");
    const result = await receiveStripeEvent(
      c.env,
      c.executionCtx,
      token,
      c.req.header("stripe-signature"),
      body,
    );
    return c.json({ received: true, ...result }, 200);
  },
);
