import * as z from "zod";
import { isValidDomain } from "../domain";
import { DOMAIN_MESSAGES } from "../messages";
import { isHttpUrl, MAX_URL_LENGTH } from "../urls";
import { millis } from "./common";

// Custom domains: adding one, and the domain in the specification's client shape.

/** POST /api/domains */
export const addDomainSchema = z.object(
  {
    domain: z
      .string({ error: DOMAIN_MESSAGES.empty })
      .trim()
      .toLowerCase()
      .min(1, DOMAIN_MESSAGES.empty)
      .refine(isValidDomain, DOMAIN_MESSAGES.invalidFormat),
  },
  { error: DOMAIN_MESSAGES.empty },
);
export type AddDomainInput = z.input<typeof addDomainSchema>;

/** PATCH /api/domains/:id: where the domain's root and unknown paths send visitors; null for none. */
export const updateDomainSchema = z.object(
  {
    fallbackUrl: z
      .string({ error: DOMAIN_MESSAGES.fallbackUrl })
      .trim()
      .max(MAX_URL_LENGTH, DOMAIN_MESSAGES.fallbackUrl)
      .refine((value) => value === "" || isHttpUrl(value), DOMAIN_MESSAGES.fallbackUrl)
      .nullable()
      .transform((value) => value || null),
  },
  { error: DOMAIN_MESSAGES.fallbackUrl },
);
export type UpdateDomainInput = z.input<typeof updateDomainSchema>;

/** The path parameter of one domain; an id too long to be one is not found. */
export const domainIdParam = z.object({ id: z.string().max(64, DOMAIN_MESSAGES.notFound) });

/** A custom domain in the specification's client shape. */
export const customDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean().describe("True only when status is active"),
  status: z.enum(["new", "pending_validation", "active", "error"]),
  verificationMessage: z.string().nullable(),
  validationToken: z.string().nullable(),
  fallbackUrl: z.string().nullable().describe("Where its root and unknown paths redirect"),
  createdAt: millis("When the domain was added"),
});
export type CustomDomain = z.output<typeof customDomainSchema>;

/** GET /api/domains, GET /api/v1/domains */
export const domainListResponseSchema = z.object({
  domains: z.array(customDomainSchema),
  fallbackOrigin: z.string().describe("The host custom domains point their CNAME record at"),
});
export type DomainListResponse = z.output<typeof domainListResponseSchema>;

/** The app's other answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  return {
    /** POST /api/domains (201) */
    domain: z.object({ domain: customDomainSchema }),
    /** POST /api/domains/:id/verify: the specification's domain-check result, plus the domain as it now stands. */
    verify: z.object({ verified: z.boolean(), message: z.string(), domain: customDomainSchema }),
  };
}
type Answers = ReturnType<typeof answers>;
export type DomainResponse = z.output<Answers["domain"]>;
export type VerifyDomainResponse = z.output<Answers["verify"]>;
