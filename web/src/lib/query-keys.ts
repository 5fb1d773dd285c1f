/**
 * The one place that names the server state the SPA keeps (TanStack Query keys), one key per resource.
 * A key that begins with another is part of it: invalidating `tests.bySlug(slug)` reaches the test, its
 * analytics and its breakdowns (and any section of the test page added later under that key).
 */
export const queryKeys = {
  /** `/api/auth/me`: loaded once by the AuthProvider, which keeps the session from then on. */
  session: ["session"] as const,
  /** `/api/account/2fa`: whether the user's sign-in asks for a code. */
  twoFactor: ["two-factor"] as const,
  tests: {
    /** Every test query: the list, each test's own queries, the slug checks. */
    all: ["tests"] as const,
    /** `/api/tests`: the dashboard's list, with stats. */
    list: ["tests", "list"] as const,
    /** Everything about one test: the test, its analytics, its breakdowns. */
    bySlug: (slug: string) => ["tests", "by-slug", slug] as const,
    /** `/api/tests/:slug` */
    detail: (slug: string) => ["tests", "by-slug", slug, "test"] as const,
    /** `/api/tests/:slug/analytics` */
    analytics: (slug: string) => ["tests", "by-slug", slug, "analytics"] as const,
    /** `/api/tests/:slug/breakdowns` */
    breakdowns: (slug: string, metric: string | null = null) =>
      ["tests", "by-slug", slug, "breakdowns", metric] as const,
    /** `/api/tests/:slug/history`: every change and who made it. */
    history: (slug: string) => ["tests", "by-slug", slug, "history"] as const,
    /** `/api/tests/:slug/setup`: the setup checklist. */
    setup: (slug: string) => ["tests", "by-slug", slug, "setup"] as const,
    /** `/api/tests/:slug/share`: the test's report link, or none. */
    share: (slug: string) => ["tests", "by-slug", slug, "share"] as const,
    /** Every custom slug check: a test created or deleted changes what is free. */
    slugChecks: ["tests", "slug-availability"] as const,
    /** `/api/tests/slug-availability?slug&domainId` */
    slugAvailability: (domainId: string, slug: string) =>
      ["tests", "slug-availability", domainId, slug] as const,
  },
  /** `/api/workspace/history`: the workspace's activity log in Settings, a page at a time. */
  workspaceHistory: ["workspace-history"] as const,
  /** `/api/tags`: the workspace's tags with their colours and counts. */
  tags: ["tags"] as const,
  /** `/api/domains`: the user's custom domains and the host they CNAME to. */
  domains: ["domains"] as const,
  /** `/api/workspaces/:id/traffic-rules`: what a workspace leaves out of its counts. */
  trafficRules: (workspaceId: string) => ["traffic-rules", workspaceId] as const,
  /** `/api/workspaces`: the workspaces the user belongs to, with their role in each. */
  workspaces: ["workspaces"] as const,
  /** `/api/workspaces/by-test/:slug`: which of the user's workspaces holds a test (a link from a teammate). */
  workspaceOfTest: (slug: string) => ["workspace-of-test", slug] as const,
  /** `/api/utm-templates`: the workspace's UTM templates, for every destination's builder. */
  utmTemplates: ["utm-templates"] as const,
  /** `/api/keys` */
  apiKeys: ["api-keys"] as const,
  webhooks: {
    /** The endpoints and every delivery log. */
    all: ["webhooks"] as const,
    /** `/api/webhooks`: Settings and the test page's end section read the same list. */
    list: ["webhooks", "list"] as const,
    /** `/api/webhooks/:id/deliveries` */
    deliveries: (webhookId: string) => ["webhooks", "deliveries", webhookId] as const,
  },
  integrations: {
    /** `/api/integrations`: the listing with each integration's status; as a prefix, every integration's query. */
    all: ["integrations"] as const,
    /** `/api/integrations/slack`: the Slack card. */
    slack: ["integrations", "slack"] as const,
    /** `/api/integrations/stripe`: the Stripe card. */
    stripe: ["integrations", "stripe"] as const,
  },
  /** `/api/account/site-tag`: the site tag's key, in Settings and on every test page. */
  siteTag: ["account", "site-tag"] as const,
  /** `/api/account/alerts`: Settings and the test page's end section. */
  alerts: ["account", "alerts"] as const,
  /** `/api/workspaces/:id/members`: Settings' Members section. */
  workspaceMembers: (workspaceId: string) => ["workspaces", workspaceId, "members"] as const,
  /** `/api/workspaces/:id/invitations`: the pending ones, for owners. */
  workspaceInvitations: (workspaceId: string) => ["workspaces", workspaceId, "invitations"] as const,
  /** `/api/invitations/:token`: the invitation page. */
  /** Signed out and signed in are two answers: a signed-in stranger is refused what the link shows signed out. */
  invitation: (token: string, signedOut: boolean) => ["invitation", token, signedOut] as const,
  /** `/api/account/digest`: the weekly digest of the current workspace, in Settings. */
  digest: ["account", "digest"] as const,
  /** The OpenAPI document the API docs page renders (public, the same for everyone). */
  openApi: ["openapi"] as const,
};
