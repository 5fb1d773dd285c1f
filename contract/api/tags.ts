import * as z from "zod";
import { TAG_MESSAGES } from "../messages/tags";
import { MAX_TAG_LENGTH, MAX_TAGS, normalizeTag, TAG_COLOURS, tagsProblem } from "../tags";

// Tags (issue #49 point 4): a test's tags as a caller sends them, the workspace's tags with their
// colours and counts (GET /api/v1/tags), and a tag's colour (PUT /api/v1/tags/{tag}).

/** A test's tags as sent: each trimmed and lower-cased, then checked as a list. */
export const tagsSchema = z
  .array(z.string({ error: TAG_MESSAGES.list }).max(200, TAG_MESSAGES.tooLong), { error: TAG_MESSAGES.list })
  .max(MAX_TAGS, TAG_MESSAGES.tooMany)
  .transform((tags) => tags.map(normalizeTag))
  .superRefine((tags, ctx) => {
    const problem = tagsProblem(tags);
    if (problem) ctx.addIssue({ code: "custom", message: TAG_MESSAGES[problem] });
  })
  .describe(
    `Up to ${MAX_TAGS} tags of 1 to ${MAX_TAG_LENGTH} characters, no commas; stored trimmed and lower-case, each once`,
  );

/** One tag of the caller's workspace, as the filter on GET /api/v1/tests?tag= takes it. */
export const tagName = z
  .string({ error: TAG_MESSAGES.filterTooLong })
  .max(200, TAG_MESSAGES.filterTooLong)
  .transform(normalizeTag)
  .refine((tag) => tag.length > 0 && tag.length <= MAX_TAG_LENGTH, TAG_MESSAGES.filterTooLong);

/** The path parameter of one tag: any case, as the tag list names it. */
export const tagParam = z.object({ tag: tagName.describe("The tag, e.g. spring (any case)") });

/** PUT /api/v1/tags/{tag} */
export const tagColourSchema = z.object(
  {
    colour: z
      .enum(TAG_COLOURS, { error: TAG_MESSAGES.colour })
      .describe(`The tag's colour in the workspace: ${TAG_COLOURS.join(", ")}`),
  },
  { error: TAG_MESSAGES.colour },
);
export type TagColourInput = z.output<typeof tagColourSchema>;

export const tagSchema = z.object({
  name: z.string().describe("The tag, lower-case"),
  colour: z.enum(TAG_COLOURS).describe("Its colour in the workspace (a default until one is set)"),
  tests: z.int().min(0).describe("How many of the workspace's tests and links carry it"),
});
export type Tag = z.output<typeof tagSchema>;

/** GET /api/v1/tags: the tags the workspace's tests carry, by name. */
export const tagListResponseSchema = z.object({ tags: z.array(tagSchema) });
export type TagListResponse = z.output<typeof tagListResponseSchema>;

/** PUT /api/v1/tags/{tag} */
export const tagResponseSchema = z.object({ tag: tagSchema });
export type TagResponse = z.output<typeof tagResponseSchema>;
