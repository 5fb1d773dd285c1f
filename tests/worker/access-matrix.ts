import { GOOD_PASSWORD } from "./helpers";
import { receiverUrl, slackWebhookUrl } from "./webhook-receiver";

// Who may call what: every /api route × {anonymous, another user, the owner} (access.test.ts), and ×
// {owner, editor, viewer, another workspace's member, anonymous, a read key} of a workspace
// (access-matrix.test.ts). A route missing from this table (or from PUBLIC_ROUTES) fails both.

export interface Fixture {
  /** The workspace the row's things are in (access.test.ts: a team workspace of the owner's, empty). */
  workspaceId: string;
  ownerEmail: string;
  apiKeyId: string;
  testId: string;
  slug: string;
  domainId: string;
  domain: string;
  webhookId: string;
  /** A UTM template of the workspace's. */
  utmTemplateId: string;
  /** Another test of the owner's, with clicks (which lock its variants, so not the test above). */
  shopTestId: string;
  /** A session of the shop test with a click and no conversion. */
  clickedSessionId: string;
  /** A session of the shop test with a click and a conversion, recorded with MATRIX_ORDER by the owner's key. */
  convertedSessionId: string;
  conversionId: string;
  /** A member of the workspace besides its owner. */
  memberUserId: string;
  /** A pending invitation of the owner's workspace. */
  invitationId: string;
  /** The token of another user's invitation of the owner into their workspace. */
  invitationToken: string;
}

/**
 * The owner's server reported the converted session's order with this key and body; the other user has
 * sent the same with their own key (the probe that read the owner's conversion before issue #30).
 */
export const MATRIX_ORDER = {
  key: "matrix-order",
  body: (f: Pick<Fixture, "shopTestId" | "convertedSessionId">) => ({
    testId: f.shopTestId,
    sessionId: f.convertedSessionId,
    amount: 25,
    currency: "EUR",
  }),
};

/** A Stripe signing secret of the right form, for the connect rows. */
const MATRIX_STRIPE_SECRET = "whsec_matrixMatrixMatrixMatrix0123";

export interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteAccess {
  /** Hono's method and path pattern, as `app.routes` lists it. */
  route: string;
  /** Which case of the route the row is, where it has several. */
  case?: string;
  call: (fixture: Fixture, as: "owner" | "other") => Call;
  /** What the owner gets. */
  owner: number;
  /**
   * What another signed-in user gets: 404 for the owner's things; for routes on the caller's own
   * scope (lists, create, /me), their own answer, which must not show the owner's things.
   */
  otherUser: 404 | "own scope";
  /** How callers prove who they are: session cookies unless the route takes an API key. */
  auth?: "apiKey";
  /**
   * Who in a workspace may call it. "workspace" (the default): every member reads, an owner or editor
   * (a write key) changes, a viewer (a read key) gets 403 on changes, another workspace's member 404.
   * "member": every member, a viewer too (their own settings there). "owner": the workspace's owners
   * only (other members 403). "user": the signed-in user's own account or list, whatever workspace.
   */
  scope?: "workspace" | "member" | "owner" | "user";
  /** What an editor gets, where it differs from the owner (an idempotency key is its maker's). */
  editor?: number;
}

const newVariants = [
  { url: "https://shop.example/a", weight: 20 },
  { url: "https://shop.example/b", weight: 30 },
  { url: "https://shop.example/c", weight: 50 },
];

/** An import of one link onto the fixture's domain: another workspace's caller finds it unknown (refused). */
const importBody = (f: Fixture) => ({
  csv: `name,url_a,custom_slug,domain\nImported,https://shop.example/i,,${f.domain}\n`,
});

const newTestBody = {
  name: "Matrix test",
  urlA: "https://shop.example/a",
  urlB: "https://shop.example/b",
};

export const ACCESS_MATRIX: RouteAccess[] = [
  {
    route: "GET /api/auth/me",
    call: () => ({ path: "/api/auth/me" }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "POST /api/auth/reauth",
    call: () => ({ path: "/api/auth/reauth", body: { password: GOOD_PASSWORD } }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  { route: "GET /api/tests", call: () => ({ path: "/api/tests" }), owner: 200, otherUser: "own scope" },
  {
    route: "POST /api/tests",
    // Another user cannot put a test on the owner's domain.
    call: (f) => ({ path: "/api/tests", body: { ...newTestBody, customDomainId: f.domainId } }),
    owner: 201,
    otherUser: "own scope",
  },
  {
    route: "POST /api/tests/import",
    // Another workspace's caller cannot put links on the owner's domain: the row is refused.
    call: (f) => ({ path: "/api/tests/import", body: importBody(f) }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/tests/:slug/breakdowns",
    call: (f) => ({ path: `/api/tests/${f.slug}/breakdowns` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:slug/setup",
    call: (f) => ({ path: `/api/tests/${f.slug}/setup` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:slug/history",
    call: (f) => ({ path: `/api/tests/${f.slug}/history` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/workspace/history",
    call: () => ({ path: "/api/workspace/history" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/workspace/history.csv",
    call: () => ({ path: "/api/workspace/history.csv" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/tests/slug-availability",
    call: (f) => ({ path: `/api/tests/slug-availability?slug=spring&domainId=${f.domainId}` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:slug/analytics",
    call: (f) => ({ path: `/api/tests/${f.slug}/analytics` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:slug",
    call: (f) => ({ path: `/api/tests/${f.slug}` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/tests/:id/:action{pause|resume}",
    call: (f) => ({ path: `/api/tests/${f.testId}/pause` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "PATCH /api/tests/:id",
    call: (f) => ({ path: `/api/tests/${f.testId}`, body: { variants: newVariants } }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/tests/:id/promote",
    call: (f) => ({ path: `/api/tests/${f.testId}/promote`, body: { variant: "B" } }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:id/export/events.csv",
    call: (f) => ({ path: `/api/tests/${f.testId}/export/events.csv` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:id/export/daily.csv",
    call: (f) => ({ path: `/api/tests/${f.testId}/export/daily.csv` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tests/:slug/share",
    call: (f) => ({ path: `/api/tests/${f.slug}/share` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/tests/:slug/share",
    call: (f) => ({ path: `/api/tests/${f.slug}/share` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "DELETE /api/tests/:slug/share",
    call: (f) => ({ path: `/api/tests/${f.slug}/share` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "DELETE /api/tests/:id",
    call: (f) => ({ path: `/api/tests/${f.testId}` }),
    owner: 200,
    otherUser: 404,
  },
  { route: "GET /api/domains", call: () => ({ path: "/api/domains" }), owner: 200, otherUser: "own scope" },
  {
    route: "POST /api/domains",
    // The owner adds another domain; another user trying the owner's gets "already registered".
    call: (f, as) => ({
      path: "/api/domains",
      body: { domain: as === "other" ? f.domain : `new-${crypto.randomUUID().slice(0, 8)}.acme-shop.io` },
    }),
    owner: 201,
    otherUser: "own scope",
  },
  {
    route: "POST /api/domains/:id/verify",
    call: (f) => ({ path: `/api/domains/${f.domainId}/verify` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "PATCH /api/domains/:id",
    call: (f) => ({
      path: `/api/domains/${f.domainId}`,
      body: { fallbackUrl: "https://shop.acme-shop.io/" },
    }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "DELETE /api/domains/:id",
    call: (f) => ({ path: `/api/domains/${f.domainId}` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/account/verification-email",
    call: () => ({ path: "/api/account/verification-email" }),
    // The fixture's owner is verified, so their resend is refused as such (sending is tested in account.test.ts).
    owner: 409,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "POST /api/account/password",
    // Another user can only ever change their own password.
    call: () => ({
      path: "/api/account/password",
      body: { currentPassword: GOOD_PASSWORD, newPassword: "an entirely new passphrase 42" },
    }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "GET /api/account/site-tag",
    call: () => ({ path: "/api/account/site-tag" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/account/alerts",
    call: () => ({ path: "/api/account/alerts" }),
    owner: 200,
    otherUser: "own scope",
    scope: "member",
  },
  {
    route: "PUT /api/account/alerts",
    call: () => ({ path: "/api/account/alerts", body: { verdict: false, completed: true, srm: true } }),
    owner: 200,
    otherUser: "own scope",
    scope: "member",
  },
  {
    route: "GET /api/account/digest",
    call: () => ({ path: "/api/account/digest" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "PUT /api/account/digest",
    call: () => ({ path: "/api/account/digest", body: { weeklyDigest: true } }),
    owner: 200,
    otherUser: "own scope",
    // A member's own email: a viewer chooses theirs too.
    scope: "member",
  },
  {
    route: "GET /api/account/2fa",
    call: () => ({ path: "/api/account/2fa" }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "POST /api/account/2fa/setup",
    // A secret of the caller's own account; another user's setup makes theirs.
    call: () => ({ path: "/api/account/2fa/setup" }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "POST /api/account/2fa/enable",
    // Without a setup of their own, a code enables nothing for anyone.
    call: () => ({ path: "/api/account/2fa/enable", body: { code: "000000" } }),
    owner: 409,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "DELETE /api/account/2fa",
    // Off already: nothing changes (the session's password is recent).
    call: () => ({ path: "/api/account/2fa" }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "DELETE /api/account",
    // Another user typing the owner's email deletes nothing: the confirmation must be their own email.
    call: (f) => ({ path: "/api/account", body: { email: f.ownerEmail, password: GOOD_PASSWORD } }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  { route: "GET /api/keys", call: () => ({ path: "/api/keys" }), owner: 200, otherUser: "own scope" },
  {
    route: "POST /api/keys",
    call: () => ({ path: "/api/keys", body: { name: "Matrix key" } }),
    owner: 201,
    otherUser: "own scope",
  },
  {
    route: "DELETE /api/keys/:id",
    call: (f) => ({ path: `/api/keys/${f.apiKeyId}` }),
    owner: 200,
    otherUser: 404,
  },
  // Integrations (worker/routes/integrations.ts): every member reads, an owner or editor changes.
  {
    route: "GET /api/integrations",
    call: () => ({ path: "/api/integrations" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/integrations/stripe",
    call: () => ({ path: "/api/integrations/stripe" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "PUT /api/integrations/stripe",
    call: () => ({ path: "/api/integrations/stripe", body: { signingSecret: MATRIX_STRIPE_SECRET } }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "DELETE /api/integrations/stripe",
    call: () => ({ path: "/api/integrations/stripe" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/utm-templates",
    call: () => ({ path: "/api/utm-templates" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "POST /api/utm-templates",
    call: () => ({ path: "/api/utm-templates", body: { name: "Matrix", source: "newsletter" } }),
    owner: 201,
    otherUser: "own scope",
  },
  {
    route: "DELETE /api/utm-templates/:id",
    call: (f) => ({ path: `/api/utm-templates/${f.utmTemplateId}` }),
    owner: 200,
    otherUser: 404,
  },
  { route: "GET /api/webhooks", call: () => ({ path: "/api/webhooks" }), owner: 200, otherUser: "own scope" },
  {
    route: "POST /api/webhooks",
    call: () => ({ path: "/api/webhooks", body: { url: receiverUrl(), events: ["test.completed"] } }),
    owner: 201,
    otherUser: "own scope",
  },
  {
    route: "DELETE /api/webhooks/:id",
    call: (f) => ({ path: `/api/webhooks/${f.webhookId}` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/webhooks/:id/enable",
    call: (f) => ({ path: `/api/webhooks/${f.webhookId}/enable` }),
    owner: 200,
    otherUser: 404,
    // Only an owner turns it back on (an editor 403, a viewer 403 as for every change).
    editor: 403,
  },
  {
    route: "GET /api/webhooks/:id/deliveries",
    call: (f) => ({ path: `/api/webhooks/${f.webhookId}/deliveries` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/webhooks/:id/test",
    call: (f) => ({ path: `/api/webhooks/${f.webhookId}/test` }),
    owner: 200,
    otherUser: 404,
  },
  // The fixture's workspace has Slack connected; another workspace has not (404 on what needs it).
  {
    route: "PUT /api/integrations/ga4",
    call: () => ({ path: "/api/integrations/ga4", body: { enabled: true } }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/integrations/slack",
    call: () => ({ path: "/api/integrations/slack" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "PUT /api/integrations/slack",
    call: () => ({ path: "/api/integrations/slack", body: { webhookUrl: slackWebhookUrl() } }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "DELETE /api/integrations/slack",
    call: () => ({ path: "/api/integrations/slack" }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "POST /api/integrations/slack/enable",
    call: () => ({ path: "/api/integrations/slack/enable" }),
    owner: 200,
    otherUser: "own scope",
    // Only an owner turns it back on (an editor 403, a viewer 403 as for every change).
    editor: 403,
  },
  {
    route: "POST /api/integrations/slack/test",
    call: () => ({ path: "/api/integrations/slack/test" }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/v1/integrations",
    call: () => ({ path: "/api/v1/integrations" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/integrations/slack",
    call: () => ({ path: "/api/v1/integrations/slack" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "PUT /api/v1/integrations/slack",
    call: () => ({ path: "/api/v1/integrations/slack", body: { webhookUrl: slackWebhookUrl() } }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "DELETE /api/v1/integrations/slack",
    call: () => ({ path: "/api/v1/integrations/slack" }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/integrations/slack/test",
    call: () => ({ path: "/api/v1/integrations/slack/test" }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/workspaces",
    call: () => ({ path: "/api/workspaces" }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "POST /api/workspaces",
    call: () => ({ path: "/api/workspaces", body: { name: "Another team" } }),
    owner: 201,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "PATCH /api/workspaces/:id",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}`, body: { name: "Renamed" } }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "DELETE /api/workspaces/:id",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}` }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "GET /api/workspaces/:id/site-tag",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/site-tag` }),
    owner: 200,
    otherUser: 404,
    scope: "member",
  },
  {
    route: "GET /api/workspaces/by-test/:slug",
    call: (f) => ({ path: `/api/workspaces/by-test/${f.slug}` }),
    owner: 200,
    otherUser: 404,
    scope: "member",
  },
  {
    route: "GET /api/workspaces/:id/traffic-rules",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/traffic-rules` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "PUT /api/workspaces/:id/traffic-rules",
    call: (f) => ({
      path: `/api/workspaces/${f.workspaceId}/traffic-rules`,
      body: { internal: ["192.0.2.0/24"], blocked: [], machineTraffic: true },
    }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "GET /api/tags",
    call: () => ({ path: "/api/tags" }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "PUT /api/tags/:tag",
    call: () => ({ path: "/api/tags/matrix", body: { colour: "green" } }),
    owner: 200,
    otherUser: "own scope",
  },
  {
    route: "GET /api/v1/tags",
    call: () => ({ path: "/api/v1/tags" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "PUT /api/v1/tags/:tag",
    call: () => ({ path: "/api/v1/tags/matrix", body: { colour: "green" } }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/workspace/traffic-rules",
    call: () => ({ path: "/api/v1/workspace/traffic-rules" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "PUT /api/v1/workspace/traffic-rules",
    call: () => ({ path: "/api/v1/workspace/traffic-rules", body: { internal: ["192.0.2.0/24"] } }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests",
    call: () => ({ path: "/api/v1/tests" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/tests",
    call: (f) => ({ path: "/api/v1/tests", body: { ...newTestBody, customDomainId: f.domainId } }),
    owner: 201,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/tests/import",
    call: (f) => ({ path: "/api/v1/tests/import", body: importBody(f) }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests/:id",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests/:id/breakdowns",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/breakdowns` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests/:id/traffic-quality",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/traffic-quality` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests/:id/setup",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/setup` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests/:id/history",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/history` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/tests/:id/analytics",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/analytics` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/tests/:id/pause",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/pause` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/tests/:id/resume",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/resume` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/tests/:id/promote",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/promote`, body: { variant: "B" } }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "PATCH /api/v1/tests/:id",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}`, body: { variants: newVariants } }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/tests/:id/share",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/share` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "DELETE /api/v1/tests/:id/share",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}/share` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "DELETE /api/v1/tests/:id",
    call: (f) => ({ path: `/api/v1/tests/${f.testId}` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  // Another user's key finds nothing of the test, whatever the session and the key: no answer tells
  // whether a session converted (recording is tested in server-conversions.test.ts and revenue.test.ts).
  {
    route: "POST /api/v1/conversions",
    case: "a session id no split link gives out",
    call: (f) => ({
      path: "/api/v1/conversions",
      body: { testId: f.shopTestId, sessionId: "a-session-without-a-click", amount: 10, currency: "EUR" },
      headers: { "Idempotency-Key": "matrix" },
    }),
    owner: 422,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/conversions",
    case: "a session whose click is still on its way",
    call: (f) => ({
      path: "/api/v1/conversions",
      body: { testId: f.shopTestId, sessionId: "0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" },
      headers: { "Idempotency-Key": "matrix" },
    }),
    owner: 202,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/conversions",
    case: "a clicked session",
    call: (f) => ({
      path: "/api/v1/conversions",
      body: { testId: f.shopTestId, sessionId: f.clickedSessionId },
      headers: { "Idempotency-Key": "matrix" },
    }),
    owner: 201,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/conversions",
    case: "a converted session, with a value, under a new key",
    call: (f) => ({
      path: "/api/v1/conversions",
      body: { testId: f.shopTestId, sessionId: f.convertedSessionId, amount: 10, currency: "EUR" },
      headers: { "Idempotency-Key": "matrix" },
    }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/conversions",
    case: "a converted session, without a value, under a new key",
    call: (f) => ({
      path: "/api/v1/conversions",
      body: { testId: f.shopTestId, sessionId: f.convertedSessionId },
      headers: { "Idempotency-Key": "matrix" },
    }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/conversions",
    case: "a converted session, replaying the key of its order",
    call: (f) => ({
      path: "/api/v1/conversions",
      body: MATRIX_ORDER.body(f),
      headers: { "Idempotency-Key": MATRIX_ORDER.key },
    }),
    owner: 201,
    // Another member's key is another key space: the session's conversion, counted before.
    editor: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/domains",
    call: () => ({ path: "/api/v1/domains" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/utm-templates",
    call: () => ({ path: "/api/v1/utm-templates" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/utm-templates",
    call: () => ({ path: "/api/v1/utm-templates", body: { name: "Matrix", medium: "email" } }),
    owner: 201,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "DELETE /api/v1/utm-templates/:id",
    call: (f) => ({ path: `/api/v1/utm-templates/${f.utmTemplateId}` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/webhooks",
    call: () => ({ path: "/api/v1/webhooks" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "POST /api/v1/webhooks",
    call: () => ({ path: "/api/v1/webhooks", body: { url: receiverUrl(), events: ["test.verdict"] } }),
    owner: 201,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "DELETE /api/v1/webhooks/:id",
    call: (f) => ({ path: `/api/v1/webhooks/${f.webhookId}` }),
    owner: 200,
    otherUser: 404,
    auth: "apiKey",
  },
  {
    route: "PUT /api/v1/integrations/ga4",
    call: () => ({ path: "/api/v1/integrations/ga4", body: { enabled: true } }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "GET /api/v1/integrations/stripe",
    call: () => ({ path: "/api/v1/integrations/stripe" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "PUT /api/v1/integrations/stripe",
    call: () => ({ path: "/api/v1/integrations/stripe", body: { signingSecret: MATRIX_STRIPE_SECRET } }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  {
    route: "DELETE /api/v1/integrations/stripe",
    call: () => ({ path: "/api/v1/integrations/stripe" }),
    owner: 200,
    otherUser: "own scope",
    auth: "apiKey",
  },
  // Members and invitations (worker/routes/members.ts): the workspace is the path's, not the header's.
  {
    route: "GET /api/workspaces/:id/members",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/members` }),
    owner: 200,
    otherUser: 404,
  },
  {
    route: "PATCH /api/workspaces/:id/members/:userId",
    call: (f) => ({
      path: `/api/workspaces/${f.workspaceId}/members/${f.memberUserId}`,
      body: { role: "viewer" },
    }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "GET /api/workspaces/:id/members/:userId/reach",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/members/${f.memberUserId}/reach` }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "DELETE /api/workspaces/:id/members/:userId",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/members/${f.memberUserId}` }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "POST /api/workspaces/:id/transfer",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/transfer`, body: { userId: f.memberUserId } }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "GET /api/workspaces/:id/invitations",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/invitations` }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "POST /api/workspaces/:id/invitations",
    call: (f) => ({
      path: `/api/workspaces/${f.workspaceId}/invitations`,
      body: { email: `matrix-${f.invitationId}@example.com`, role: "viewer" },
    }),
    owner: 201,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "POST /api/workspaces/:id/invitations/:invitationId/resend",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}/resend` }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  {
    route: "DELETE /api/workspaces/:id/invitations/:invitationId",
    call: (f) => ({ path: `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}` }),
    owner: 200,
    otherUser: 404,
    scope: "owner",
  },
  // The invitee's side: another signed-in user holding the link gets 403, learning nothing of the workspace.
  {
    route: "POST /api/invitations/:token/accept",
    call: (f) => ({ path: `/api/invitations/${f.invitationToken}/accept` }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
  {
    route: "POST /api/invitations/:token/decline",
    call: (f) => ({ path: `/api/invitations/${f.invitationToken}/decline` }),
    owner: 200,
    otherUser: "own scope",
    scope: "user",
  },
];

/** Routes under /api anyone may call, and why. */
export const PUBLIC_ROUTES: Record<string, string> = {
  "POST /api/auth/signup": "creates an account",
  "POST /api/auth/login": "starts a session",
  "POST /api/auth/refresh": "needs the refresh cookie, not an access token",
  "POST /api/auth/logout": "ends whatever session the cookies name",
  "GET /api/conversion": "the visitor's thank-you page, with the redirect's cookie",
  "POST /api/account/verify-email": "the emailed link's token is the proof",
  "POST /api/account/forgot-password": "answers the same whether or not the email has an account",
  "POST /api/account/reset-password": "the emailed link's token is the proof",
  "GET /api/invitations/:token":
    "the emailed link's token is the proof; signed out it names the workspace, inviter and role to sign up",
  "POST /api/auth/2fa": "needs the sign-in challenge cookie a correct password set, not a session",
  "GET /api/v1/openapi.json": "the public API's document",
  "GET /api/health": "for uptime checks; tells only whether D1 and KV answer",
};
