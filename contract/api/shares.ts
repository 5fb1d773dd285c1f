import * as z from "zod";
import { DIGEST_MESSAGES } from "../messages";

// Results to share (issue #34, point 5): a test's read-only report link, and the weekly digest email.

/** POST /api/v1/tests/{id}/share, POST /api/tests/:slug/share: the report link (the same one while it lives). */
export const shareLinkResponseSchema = z.object({
  url: z.string().describe("The test's public, read-only report page, until the link is revoked"),
});
export type ShareLinkResponse = z.output<typeof shareLinkResponseSchema>;

/** PUT /api/account/digest: whether the signed-in member gets the weekly digest of the current workspace. */
export const digestPreferenceSchema = z.object(
  { weeklyDigest: z.boolean({ error: DIGEST_MESSAGES.invalid }) },
  { error: DIGEST_MESSAGES.invalid },
);
export type DigestPreference = z.output<typeof digestPreferenceSchema>;

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  return {
    /** GET /api/tests/:slug/share: the live report link, or null when there is none. */
    currentShareLink: z.object({ url: z.string().nullable() }),
    digest: z.object({ digest: digestPreferenceSchema }),
  };
}
type Answers = ReturnType<typeof answers>;
export type CurrentShareLinkResponse = z.output<Answers["currentShareLink"]>;
export type DigestPreferenceResponse = z.output<Answers["digest"]>;
