import * as z from "zod";
import { TEST_MESSAGES } from "../../contract/messages";
import { customSlugProblem } from "../../contract/slug";
import { isHttpUrl } from "../../contract/urls";

const required = TEST_MESSAGES.requiredFields;
const text = (max: number, tooLong: string) => z.string({ error: required }).trim().max(max, tooLong);

/**
 * A new split test, for the SPA's API and the public API alike. Checked in the specification's order:
 * required fields, then URLs, then the custom slug. The defaults only let a missing field get the
 * "required fields" message: to callers name, urlA and urlB are required, as the OpenAPI document says.
 */
export const createTestSchema = z
  .object(
    {
      name: text(200, "Test name must be 200 characters or fewer")
        .default("")
        .describe("The test's name, for you"),
      urlA: text(2048, TEST_MESSAGES.invalidUrls)
        .default("")
        .describe("Where version A sends visitors (http or https)"),
      urlB: text(2048, TEST_MESSAGES.invalidUrls)
        .default("")
        .describe("Where version B sends visitors (http or https)"),
      conversionUrl: text(2048, TEST_MESSAGES.invalidUrls)
        .nullish()
        .describe("The thank-you page whose visits count as conversions"),
      customDomainId: z
        .string({ error: TEST_MESSAGES.domainNotUsable })
        .max(64)
        .nullish()
        .describe("One of your active custom domains (see GET /api/v1/domains)"),
      customSlug: z
        .string({ error: TEST_MESSAGES.invalidCustomSlugService })
        .trim()
        .nullish()
        .describe("A custom path on that domain: 3-50 letters, numbers and hyphens"),
    },
    { error: required },
  )
  .superRefine((input, ctx) => {
    if (!input.name || !input.urlA || !input.urlB) {
      ctx.addIssue({ code: "custom", message: required });
      return;
    }
    const urls = [input.urlA, input.urlB, input.conversionUrl].filter((url): url is string => Boolean(url));
    if (!urls.every(isHttpUrl)) {
      ctx.addIssue({ code: "custom", message: TEST_MESSAGES.invalidUrls });
      return;
    }
    const slugProblem = input.customSlug ? customSlugProblem(input.customSlug) : null;
    if (slugProblem === "invalid")
      ctx.addIssue({ code: "custom", message: TEST_MESSAGES.invalidCustomSlugService });
    if (slugProblem === "reserved") ctx.addIssue({ code: "custom", message: TEST_MESSAGES.reservedSlug });
  })
  .meta({ required: ["name", "urlA", "urlB"] });

export type CreateTestBody = z.infer<typeof createTestSchema>;
