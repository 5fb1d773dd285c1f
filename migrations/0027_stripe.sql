-- Stripe, no code (issue #36, point 1): a workspace connects Stripe by pasting the signing secret of a
-- webhook endpoint it added in Stripe; Stripe's events then count as conversions (worker/services/stripe.ts).

-- One per workspace. The token is the endpoint URL's unguessable part (/integrations/stripe/{token}):
-- made at the first connect and kept for good, so a reconnect (a new secret) needs no change in Stripe.
-- Disconnected: no secret, no connected_at; the token stays for a later reconnect.
CREATE TABLE stripe_connections (
  workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  signing_secret TEXT,
  connected_at INTEGER,
  -- The last event received, its type and what became of it (counted, not attributed, ignored…).
  last_event_at INTEGER,
  last_event_type TEXT,
  last_event_outcome TEXT
);
CREATE UNIQUE INDEX stripe_connections_token_idx ON stripe_connections(token);

-- Each Stripe event counts once: its id, per workspace. Rows older than Stripe's retries (3 days) are
-- deleted by later events, a few at a time.
CREATE TABLE stripe_events (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, event_id)
);
CREATE INDEX stripe_events_received_idx ON stripe_events(received_at);

-- Each payment that reached a conversion's value, in the conversion's minor units (ISO 4217). The key
-- is the payment intent, the invoice, or "{subscription}:first" for a subscription's first payment, which
-- the checkout session and the first invoice both report (whichever comes first counts it). A
-- conversion's amount is the sum of its payments less their refunds (refunded is Stripe's cumulative
-- amount_refunded, so a later refund event sets it, never adds).
CREATE TABLE stripe_payments (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  payment_key TEXT NOT NULL,
  session_id TEXT NOT NULL,
  conversion_id TEXT,
  payment_intent TEXT,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  refunded INTEGER NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, payment_key)
);
CREATE INDEX stripe_payments_intent_idx ON stripe_payments(workspace_id, payment_intent);
CREATE INDEX stripe_payments_session_idx ON stripe_payments(workspace_id, session_id);
CREATE INDEX stripe_payments_conversion_idx ON stripe_payments(conversion_id);

-- The visitor session of each subscription a checkout session started: its invoices count for it.
CREATE TABLE stripe_subscriptions (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  PRIMARY KEY (workspace_id, subscription_id)
);

-- A conversion's value may change after it was counted (a refund, a subscription's renewal): the
-- rollup follows, so the test page, the daily export and the raw export agree. Only a value the
-- revenue counts (the test's currency) is in the rollup.
CREATE TRIGGER conversions_value_changed AFTER UPDATE OF amount ON conversions
WHEN NEW.currency IS NOT NULL AND NEW.amount IS NOT OLD.amount
  AND NEW.currency = (SELECT currency FROM split_tests WHERE id = NEW.split_test_id)
BEGIN
  UPDATE test_stats_hourly
    SET revenue = revenue + NEW.amount - OLD.amount,
        revenue_squares = revenue_squares + NEW.amount * NEW.amount - OLD.amount * OLD.amount
    WHERE split_test_id = NEW.split_test_id
      AND phase = NEW.phase
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;
