import * as z from "zod";
import { UTM_MESSAGES as M, MAX_UTM_TEMPLATE_NAME, MAX_UTM_VALUE } from "../messages/utm";
import { hasUnsafeCharacters } from "../names";
import { UTM_TEMPLATE_FIELDS } from "../utm";
import { idParam, millis, plainName } from "./common";

// A workspace's UTM templates (issue #49, point 6): GET/POST /api/v1/utm-templates, DELETE
// /api/v1/utm-templates/{id}, and the same under /api/utm-templates for the app. A template fills a
// destination's UTM builder; utm_content is each destination's own (its variant's name by default).

/** One UTM value: empty (the parameter is left out) or 1 to 100 characters, no control characters. */
const utmValue = (parameter: string) =>
  z
    .string()
    .trim()
    .max(MAX_UTM_VALUE, M.valueTooLong)
    .refine((value) => !hasUnsafeCharacters(value), M.valueUnsafe)
    .default("")
    .describe(`${parameter}, at most ${MAX_UTM_VALUE} characters; empty or absent leaves it out`);

export const createUtmTemplateSchema = z
  .object(
    {
      name: plainName(
        z
          .string({ error: M.nameRequired })
          .trim()
          .min(1, M.nameRequired)
          .max(MAX_UTM_TEMPLATE_NAME, M.nameTooLong),
        M.nameUnsafe,
      ).describe(`What the builder lists it as, at most ${MAX_UTM_TEMPLATE_NAME} characters`),
      source: utmValue("utm_source"),
      medium: utmValue("utm_medium"),
      campaign: utmValue("utm_campaign"),
      term: utmValue("utm_term"),
    },
    { error: M.nameRequired },
  )
  .refine((template) => UTM_TEMPLATE_FIELDS.some((field) => template[field] !== ""), {
    message: M.valuesRequired,
    path: ["source"],
  })
  .meta({ required: ["name"] });
/** POST /api/utm-templates, POST /api/v1/utm-templates */
export type CreateUtmTemplateInput = z.input<typeof createUtmTemplateSchema>;
/** A new template as the service receives it, checked. */
export type UtmTemplateFields = z.output<typeof createUtmTemplateSchema>;

/** The path parameter of one template; another workspace's id is simply not found. */
export const utmTemplateIdParam = idParam("The UTM template's id");

export const utmTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string().describe("utm_source; empty when the template leaves it out"),
  medium: z.string().describe("utm_medium; empty when the template leaves it out"),
  campaign: z.string().describe("utm_campaign; empty when the template leaves it out"),
  term: z.string().describe("utm_term; empty when the template leaves it out"),
  createdAt: millis("When the template was saved"),
});
export type UtmTemplate = z.output<typeof utmTemplateSchema>;

/** GET /api/utm-templates, GET /api/v1/utm-templates: by name. */
export const utmTemplateListResponseSchema = z.object({ templates: z.array(utmTemplateSchema) });
export type UtmTemplateListResponse = z.output<typeof utmTemplateListResponseSchema>;

/** POST /api/utm-templates (201). */
export const utmTemplateResponseSchema = z.object({ template: utmTemplateSchema });
export type UtmTemplateResponse = z.output<typeof utmTemplateResponseSchema>;
