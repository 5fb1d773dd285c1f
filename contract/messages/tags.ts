import { MAX_TAG_LENGTH, MAX_TAGS, TAG_COLOURS, type TagProblem } from "../tags";

// Tags (issue #49 point 4): next to the tags field, and in the API's 400s.
export const TAG_MESSAGES = {
  list: `Tags are a list of up to ${MAX_TAGS} words`,
  empty: "A tag cannot be empty",
  tooLong: `A tag is at most ${MAX_TAG_LENGTH} characters`,
  characters: "A tag cannot contain commas, line breaks, control characters or text-direction characters",
  tooMany: `A test has at most ${MAX_TAGS} tags`,
  duplicate: "Each tag once: tags ignore capitals and extra spaces",
  colour: `Choose a colour: ${TAG_COLOURS.join(", ")}`,
  filterTooLong: `A tag is at most ${MAX_TAG_LENGTH} characters`,
  notFound: "Tag not found",
  loadFailed: "Could not load the tags",
  saveFailed: "Could not save the colour",
} as const satisfies Record<TagProblem, string> & Record<string, string>;
