// What the OpenAPI document says of each /api/v1 operation beyond its summary, by operationId. Only the
// document reads it (worker/openapi/document.ts, built at build time by scripts/build-openapi.ts and
// served as a static asset), so these words stay out of the Worker's bundle.

export const OPERATION_DESCRIPTIONS: Record<string, string> = {
  getOpenApiDocument:
    "The OpenAPI 3.1 document of every /api/v1 operation, built from the same declarations the Worker mounts and validates with. It needs no API key.",
  getTest:
    "The test with its variants, settings and stats: `stats.verdict` is the always-valid verdict the test page names (decide on it, never on `winner`).",
  listTests:
    "The split tests of the key's workspace, newest first, each with its stats. `q` keeps those whose name, slug, custom path or a tag contains it; `tag` those that carry that tag (any case).",
  listTags:
    "Every tag the workspace's tests and links carry, in alphabetical order, with its colour (a default until one is set) and how many tests carry it. Tags are lower-case; a test carries at most 10.",
  setTagColour:
    "Sets a tag's colour in the key's workspace, one of gray, red, orange, yellow, green, teal, blue, indigo, purple and pink; a tag no test carries yet keeps it for when one does. Owners and editors (a write key) only; recorded as tag.colour_changed.",
  createTest:
    "A name and 1 to 8 variants are required: `variants` as `[{ url, weight }]` (A first, the control; whole-number weights from 1 to 99 that add up to 100), or the two-URL shape `urlA` and `urlB` (then 50/50). One destination alone (`urlA` without `urlB`, or one variant of weight 100) makes a plain link (its `kind` is `link`): clicks counted, no statistics, no verdict; a second variant added later with PATCH starts phase 2 as a test on the same link. URLs must be absolute http(s) URLs. A custom slug needs one of the workspace's verified, active domains (customDomainId). Optionally an end: a date (`endsAt`) and/or a number of visitors (`endAfterVisitors`), what happens then (`onEnd`), and whether to stop as soon as there is a clear winner (`stopEarly`); `minimumDays` (default 7) holds every call, end and promotion until the test has run that many days. Optionally audience `rules`, evaluated in order before the split (the first whose conditions all match decides: send to a fixed URL, or join the experiment), with `fallbackUrl` for the visitors who match no rule when a rule joins the experiment. The same rules and messages as in the app apply.",
  importTests:
    "Send the CSV file's text as `csv`: SplitLink's columns (name, url_a, url_b … url_h, custom_slug, domain, tags with tags separated by | or ;) or an export from Bitly, Rebrandly or Short.io, told apart by the header row. Each row becomes a link (one URL: a plain link; more: a test at an even split) that keeps its back-half as its custom slug: on the workspace's verified custom domain the row names, or on the default domain (/r/{slug}) when the row names none or a shortener's own domain (bit.ly, rebrand.ly, short.gy) and the slug is free there. Send `?dryRun=true` first: it creates nothing and answers each row as ready or refused with the reason a create would give (a taken slug, an unknown or unverified domain, a bad URL, the workspace's quota of tests). Without it, the ready rows are created in the file's order, each recorded in its history as test.created. At most 1,000 rows and 1 MB a file (400 with the count; 413 past the size); send a long file in parts of 25 rows, as the app does: creating a row takes some 15 database queries, and a call may make at most 1,000.",
  getTestAnalytics:
    "What the test page shows: `recommendation` is its one sentence of what to do (`deploy` a version, keep `collect`ing with how many more visitors, or `stop`: no version is meaningfully different), from the always-valid verdict; `analytics` has each version's visitors, conversions and rate with its 95 % interval, its lift against A with the interval, revenue per visitor, the verdict, the sample-ratio check, traffic quality and the earlier phases. Decide on the recommendation or the verdict, never on the leader alone.",
  pauseTest:
    "While paused, the split link sends every visitor to A and counts nothing; resume to split and count again. A completed test answers 409. Recorded in the history as test.paused.",
  resumeTest:
    "The split link splits and counts again, with the weights it had. A completed test answers 409. Recorded as test.resumed.",
  promoteTest:
    "Ends the test for good: from now on the split link sends everyone to that version, and nothing more is counted. This cannot be undone; read the verdict first (getTestAnalytics). A completed test answers 409. Recorded as test.promoted with the variant.",
  getTestBreakdowns:
    "Each variant's unique visitors, conversions and conversion rate with its 95 % interval, per segment of the visitor's first click. Differences between segments found after the fact are hypotheses, not results.",
  getTestTrafficQuality:
    "Visits counted in no variant and conversions refused (or counted without their value), by reason: why SplitLink's numbers can differ from an ad platform's. The same figures as trafficQuality in the test page's analytics.",
  getTestSetup:
    "Whether the tracking works, step by step: the first counted click of the split link, where the tag last ran on a landing page and on the goal page (host and path), and the first counted conversion; each null until it happened. The same state as the test page's checklist.",
  getTestHistory:
    "The test's changes, newest first. `actor` is a user (with email), an API key (with its name) or the autopilot; `details` depend on `action`.",
  updateTest:
    "Send what changes; what is left out stays as it is. `variants` replaces the variants (2 to 8, A first: URLs, weights and names) under the same rules as on creation; after the test's first counted click, new URLs or weights start its next phase (200: the results so far are kept as the phase before, the verdict starts over), while names alone change without one. The goal (`conversionGoal`, `conversionUrl`, `conversionUrlMatch`) changes any time; `currency` until an order has counted in the test's currency (else 409 currency_locked). The test's own name does not change here. The end settings (`endsAt`, `endAfterVisitors`, `onEnd`, `stopEarly`, `minimumDays`) change while the test runs, never to an end before the minimum days are up; a completed test answers 409 to them and to anything else but `password` and `tags`, which change any time (its link still sends visitors on). `rules` and `fallbackUrl` replace the audience rules: rules that only send visitors to fixed URLs change any time, rules with the experiment action only until the first counted click (else 409 rules_locked).",
  deleteTest: "Deletes the test with all its clicks and conversions. This cannot be undone.",
  shareTest:
    "A public page of the test's results (recommendation, lift, each version's numbers, a chart; no sessions or emails, not indexed) at an unguessable URL. One link per test: while it lives, this answers it again.",
  revokeTestShare: "Its page answers 404 at once. A later share makes a new link.",
  recordConversion:
    "For conversions a browser tag would miss (ad blockers, closed tabs) and for their value. Send the sessionId the split link added to the destination URL, which your backend keeps with the order (with Stripe Checkout: as client_reference_id, sent from your webhook handler; see the example below). The same attribution rule as the tracker: counted only if that session clicked that test, under the click's variant, and at most one conversion per test and session (the first one reported counts, with its value; a later one answers that one with counted false). A click takes a few seconds to be recorded: a conversion sent before its click is accepted (202, pending true) and counts once the click lands, with the id the answer gives. Amounts are in major units (49.99) with an ISO 4217 currency; one in another currency than the test's counts as a conversion, its value left out of the test's revenue (there are no exchange rates). The Idempotency-Key header is required: the same key, from the same person's API keys, within 24 hours answers the first answer again (header Idempotent-Replayed: true) and counts nothing new, so retry a failed call with the same key; a pending answer is answered as it now stands (202 while it waits, the conversion once counted). Refused at once, storing nothing so the same key can try again: a completed test (409), a session whose click came longer ago than the attribution window, 30 days unless the deployment says otherwise (422 outside_attribution_window), a sessionId no split link gives out (422 unknown_session). A test that is not in the key's workspace, or was deleted, is not found (404), whatever the session and the key.",
  listDomains:
    "The custom domains of the key's workspace, newest first. Tests can use those whose status is active.",
  listWebhooks: "The webhook endpoints of the key's workspace, newest first, without their secrets.",
  createWebhook:
    "An https URL of a public host and the events to send to it. The answer carries the endpoint's signing secret, the only time it is shown. At most 50 endpoints per workspace (409 quota_reached beyond).",
  deleteWebhook: "Stops all deliveries to it at once, including those still being retried.",
  listIntegrations:
    "Each integration of the key's workspace (stripe, slack, ga4) with whether it is on, since when, and the last event SplitLink received from it.",
  getStripeIntegration:
    "Whether Stripe is connected, the endpoint URL to add in Stripe, and the last event received with what became of it. Never the signing secret. Stripe asks for the URL before it shows the signing secret, so the first call with a write key makes the URL (a read key sees null until then); connecting keeps it.",
  connectStripe:
    "Stores the signing secret of the webhook endpoint you added in Stripe and answers that endpoint's URL. Stripe's checkout.session.completed (and invoice.paid for subscriptions) then count as conversions with their amount, attributed to the visitor's SplitLink session in client_reference_id or metadata.splitlink_session; charge.refunded takes the value back (invoice_payment.paid tells a subscription payment's refund apart on API versions from 2025-03-31). Connecting again replaces the secret and keeps the URL. The secret is never shown again.",
  disconnectStripe:
    "Forgets the signing secret: Stripe's events are refused from now on. Conversions already counted stay. Connecting again later gives the same endpoint URL.",
  setGa4Integration:
    "With enabled true, the site tag reports each visitor's version to the page's own analytics: `gtag('event', 'experience_impression', { exp_variant_string: 'SPLITLINK-{testId}-{variant}' })` where the page has gtag, and a dataLayer push `{ event: 'splitlink_exposure', splitlink_test, splitlink_variant, exp_variant_string }` where it has a dataLayer, once per page and test the visitor came through. SplitLink's servers send nothing to Google. The tag reads the switch with its goals, cached a minute by the browser and the edge. Off by default.",
  getSlack:
    "Whether the workspace posts its alerts to Slack, the webhook URL masked, and how the last messages went.",
  connectSlack:
    "Posts the workspace's verdict, end and sample-ratio alerts to a Slack channel through its incoming webhook URL (https://hooks.slack.com/services/…; no other host is accepted). Replaces the URL if one was connected. The URL is a secret: answers only ever show it masked.",
  disconnectSlack: "Stops the alerts to Slack at once, including those still being retried.",
  testSlack:
    "Posts a test message to the connected channel at once and answers how it went. At most 5 test messages and webhook test events a minute per person (429 beyond).",
  getTrafficRules:
    "The key's workspace's traffic rules: internal addresses, blocked sources and whether machine traffic (hosting and cloud networks) is left out. What they leave out shows in each test's traffic quality as internal, blocked or datacenter.",
  putTrafficRules:
    "Replaces the workspace's traffic rules. Visits and conversions they match are redirected and accepted as usual but not counted: from an internal address or range (internal), from a blocked address, range, ASN, user agent (a substring, any case) or referrer host and its subdomains (blocked), and, while machineTraffic is true (the default), visits from hosting and cloud providers' networks (datacenter). A signed-in member of the workspace who opens one of its links on the app host is internal too. The redirect follows the new rules at once. Owners and editors (a write key) only.",
};
