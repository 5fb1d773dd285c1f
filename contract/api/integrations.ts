import * as z from "zod";
import { ANALYTICS_INTEGRATION_MESSAGES } from "../messages";

// Integrations a marketer already uses (issue #36), one section per integration; each is a setting of
// the workspace that only an owner or an editor changes.

/** The integrations the listing names. */
export const INTEGRATION_KINDS = ["stripe", "slack", "ga4"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** One integration's status in the workspace. */
export const integrationStatusSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS).describe("stripe, slack or ga4 (Google Analytics 4 and Tag Manager)"),
  connected: z.boolean().describe("Whether the workspace has it on"),
  connectedAt: z.string().nullable().describe("Since when, as an ISO 8601 time; null while off"),
  lastEventAt: z
    .string()
    .nullable()
    .describe(
      "The last event SplitLink received from it, as an ISO 8601 time; null for none (always for ga4)",
    ),
});
export type IntegrationStatus = z.output<typeof integrationStatusSchema>;

/** GET /api/integrations, GET /api/v1/integrations */
export const integrationListResponseSchema = z.object({ integrations: z.array(integrationStatusSchema) });
export type IntegrationListResponse = z.output<typeof integrationListResponseSchema>;

/** The answer of a change to one integration: its status now. */
export const integrationResponseSchema = z.object({ integration: integrationStatusSchema });
export type IntegrationResponse = z.output<typeof integrationResponseSchema>;

// Google Analytics 4 and Tag Manager

/**
 * PUT /api/integrations/ga4, PUT /api/v1/integrations/ga4: whether the site tag reports each visitor's
 * assignment to the page's own gtag and dataLayer. Nothing is sent from SplitLink's servers.
 */
export const ga4SettingSchema = z.object(
  {
    enabled: z
      .boolean({ error: ANALYTICS_INTEGRATION_MESSAGES.ga4Invalid })
      .describe(
        "true: on pages with the site tag, each visitor's version goes to the page's gtag (experience_impression) and dataLayer (splitlink_exposure)",
      ),
  },
  { error: ANALYTICS_INTEGRATION_MESSAGES.ga4Invalid },
);
export type Ga4SettingInput = z.input<typeof ga4SettingSchema>;
