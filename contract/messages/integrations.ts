import type { StripeOutcome } from "../api/integrations";

/** The Slack integration (issue #36): the card in Settings, the field's errors and the alerts' texts. */
export const SLACK_MESSAGES = {
  urlRequired: "Paste the incoming webhook URL Slack gave you",
  urlInvalid: "Paste the whole URL Slack gave you, like https://hooks.slack.com/services/T…/B…/…",
  urlTooLong: "That URL is too long for a Slack incoming webhook",
  urlNotHttps: "The URL must start with https://",
  urlNotSlack: "Only Slack incoming webhook URLs work here: they start with https://hooks.slack.com/",
  urlWrongPath: "This is not an incoming webhook URL: it looks like https://hooks.slack.com/services/T…/B…/…",
  notConnected: "Slack is not connected to this workspace",
  // Delivery: what the status and the log say of an attempt that failed.
  answered: (status: number, body: string) => `Slack answered ${status}${body ? ` ${body}` : ""}`,
  timedOut: (seconds: number) => `Slack did not answer within ${seconds} seconds`,
  networkError: (message: string) => `Could not reach Slack: ${message}`,
  // The card
  title: "Slack",
  description:
    "Post each test's verdict, its end and sample-ratio warnings to a Slack channel, through an incoming webhook.",
  urlLabel: "Incoming webhook URL",
  urlHelp: "In Slack: create an app, turn on Incoming Webhooks, add one to a channel and copy its URL.",
  connect: "Connect Slack",
  replace: "Replace the URL",
  connected: "Slack connected",
  connectFailed: "Failed to connect Slack",
  sendTest: "Send a test message",
  testDelivered: "Test message sent: look in your Slack channel.",
  testFailed: (why: string) => `Test message not delivered: ${why}`,
  testRateLimited: "Too many test messages. Please wait a minute and try again.",
  testWhileDisabled:
    "This connection is turned off, so no test message is sent to it. An owner can turn it back on first.",
  disconnect: "Disconnect",
  disconnectTitle: "Disconnect Slack?",
  disconnectBody: "Alerts stop going to the channel at once, including those still being retried.",
  disconnected: "Slack disconnected",
  disconnectFailed: "Failed to disconnect Slack",
  loadFailed: "Failed to load the Slack connection",
  notConnectedYet: "Not connected. Alerts go to email and webhooks only.",
  connectedSince: (when: string) => `Connected since ${when}`,
  lastDelivered: (when: string) => `Last message delivered ${when}`,
  noDeliveryYet: "No message delivered yet",
  lastFailure: (when: string, why: string) => `Last failure ${when}: ${why}`,
  status: { active: "Working", failing: "Failing", broken: "Webhook gone" },
  failingNotice: "An alert could not reach Slack for more than a day and was given up.",
  brokenNotice:
    "Slack says this webhook no longer exists (removed, or its channel archived). Paste a new incoming webhook URL.",
  viewerNote: "Only owners and editors can connect or disconnect Slack.",
  // The messages posted to Slack
  testMessage: "A test message from SplitLink: alerts for this workspace's tests will arrive here.",
  openTest: "Open the test",
  verdictHeader: (test: string) => `Verdict: ${test}`,
  completedHeader: (test: string) => `Test ended: ${test}`,
  srmHeader: (test: string) => `Check your test: ${test}`,
  winnerField: "Winner",
  liftField: "Lift",
  pValueField: "p-value",
  lift: (lift: string, lower: string, upper: string) => `${lift} (between ${lower} and ${upper})`,
  verdictFallback: (test: string, winner: string) => `${test}: version ${winner} wins.`,
  completedFallback: (test: string) => `${test} has ended.`,
  srmFallback: (test: string) => `${test}: visitors are not split as set.`,
} as const;

// Not in the specification: GA4 and Google Tag Manager's switch (issue #36), the API's answer to a
// wrong one; the Settings cards' words are the web app's (web/src/features/settings/integrations/messages.ts).
export const ANALYTICS_INTEGRATION_MESSAGES = {
  ga4Invalid: "Send enabled as true or false",
} as const;

/** Stripe, no code (issue #36): the connection in Settings and what became of Stripe's events. */
export const STRIPE_MESSAGES = {
  secretRequired: "Please paste the signing secret of your Stripe webhook endpoint",
  secretInvalid:
    "This is not a Stripe signing secret: it starts with whsec_ (Stripe shows it under your endpoint)",
  // The receiving endpoint's refusals (Stripe shows them in its delivery log).
  unknownEndpoint: "This Stripe endpoint is not connected in SplitLink",
  // A member who pasted the secret left: they know it (issue #45).
  secretRetired:
    "The member who pasted this signing secret no longer works here, so events signed with it are refused. In Stripe, open the endpoint, choose Roll secret, and paste the new secret here.",
  secretRetiredOwnerOnly: "Only an owner can paste the new signing secret.",
  secretRetiredSame:
    "This is the signing secret that was retired. Roll the secret in Stripe and paste the new one.",
  badSignature: "The Stripe-Signature header is missing or does not match the signing secret",
  staleSignature: "The Stripe-Signature timestamp is more than 5 minutes away from now",
  badEvent: "This is not a Stripe event",
  // What became of the last event received.
  outcomes: {
    counted: "counted as a conversion",
    value_added: "its amount added to the visitor's conversion",
    refunded: "refund taken off the conversion's value",
    payment_linked: "noted: the invoice's payment, so that a refund of it is taken off",
    paid_without_payment_intent:
      "noted: the invoice was paid without a payment intent (recorded outside Stripe, or an older charge), so a refund of it cannot be taken off",
    already_counted: "not counted: this visitor's conversion was already counted",
    not_attributed:
      "not attributed: it carries no SplitLink session (client_reference_id or metadata.splitlink_session)",
    no_click: "not attributed: the session clicked no test of this workspace",
    not_counted: "not counted: the test has ended or the click is older than the attribution window",
    unpaid: "not counted: the checkout is not paid yet",
    unknown_payment: "not counted: no conversion of this payment",
    invoice_payment_missing:
      "not counted: no conversion of this payment. If it paid a subscription, select invoice_payment.paid for this endpoint in Stripe",
    ignored: "ignored: SplitLink does not use this event type",
  } satisfies Record<StripeOutcome, string>,
  // Settings
  title: "Stripe",
  description: "Count Stripe payments as conversions with their value, without code.",
  secretLabel: "Signing secret",
  secretHint:
    "Add the endpoint URL above in Stripe first, then paste the signing secret Stripe shows for it.",
  connect: "Connect Stripe",
  connecting: "Connecting…",
  replaceSecret: "Replace the signing secret",
  connected: "Stripe connected",
  connectFailed: "Failed to connect Stripe",
  endpointLabel: "Endpoint URL",
  endpointHint: "Add this URL as a webhook endpoint in Stripe and select these events:",
  urlCopied: "Endpoint URL copied to clipboard",
  copy: "Copy",
  statusConnected: (since: string) => `Connected since ${since}`,
  statusNotConnected: "Not connected",
  noEventYet: "No event received yet",
  unlinkedInvoicePayments: (count: number) =>
    `${count === 1 ? "A subscription payment has" : `${count} subscription payments have`} no invoice_payment.paid from Stripe after an hour, so a refund of ${count === 1 ? "it" : "them"} cannot be taken off. Select invoice_payment.paid for this endpoint in Stripe.`,
  lastEvent: (when: string, type: string, outcome: string) =>
    `Last event received ${when}: ${type}, ${outcome}.`,
  disconnect: "Disconnect",
  disconnectConfirmTitle: "Disconnect Stripe?",
  disconnectConfirmBody:
    "Stripe's events stop counting at once. The endpoint URL stays the same if you connect again.",
  disconnected: "Stripe disconnected",
  disconnectFailed: "Failed to disconnect Stripe",
  loadFailed: "Failed to load the Stripe connection",
  viewerNote: "Only owners and editors can change the integrations.",
} as const;
