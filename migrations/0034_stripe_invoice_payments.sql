-- Stripe refunds of subscription payments on API versions from 2025-03-31 ("basil"). Those versions no
-- longer put the payment intent on the invoice, so invoice.paid leaves the payment without the key that
-- charge.refunded is matched by; the invoice_payment.paid event links an invoice to its payment intent.
-- Stripe sends the two in any order: a payment keeps its invoice, and each link is kept (30 days, like
-- the event ids) until the invoice's payment takes it (worker/services/stripe.ts).
ALTER TABLE stripe_payments ADD COLUMN invoice TEXT;
CREATE INDEX stripe_payments_invoice_idx ON stripe_payments(workspace_id, invoice) WHERE invoice IS NOT NULL;

CREATE TABLE stripe_invoice_payments (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  invoice TEXT NOT NULL,
  payment_intent TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, invoice)
);
CREATE INDEX stripe_invoice_payments_received_idx ON stripe_invoice_payments(received_at);
