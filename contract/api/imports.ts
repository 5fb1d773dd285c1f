import * as z from "zod";
import { IMPORT_FORMATS, MAX_IMPORT_CHARS, readImportFile } from "../imports";
import { IMPORT_MESSAGES } from "../messages";

// Bulk create and import (issue #49, point 5): POST /api/tests/import and /api/v1/tests/import.

/** ?dryRun=true: say per row what would be created and what is refused, and create nothing. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { error: IMPORT_MESSAGES.dryRun })
    .optional()
    .describe("true: answer what each row would become and create nothing. Default false: create them"),
});

/**
 * The file as its text: SplitLink's columns or a Bitly, Rebrandly or Short.io export, told apart by its
 * header row (contract/imports.ts); at most 1,000 rows.
 */
export const importTestsSchema = z
  .object(
    {
      csv: z
        .string({ error: IMPORT_MESSAGES.file })
        .max(MAX_IMPORT_CHARS, IMPORT_MESSAGES.tooLarge)
        .describe(
          "The CSV file's text, header row first: name, url_a, url_b … url_h, custom_slug, domain, tags (tags separated by | or ;), or a Bitly, Rebrandly or Short.io export. At most 1,000 rows and 1 MB",
        ),
    },
    { error: IMPORT_MESSAGES.file },
  )
  .transform((input, ctx) => {
    const file = readImportFile(input.csv);
    if ("format" in file) return file;
    ctx.addIssue({
      code: "custom",
      path: ["csv"],
      message:
        file.problem === "too_many_rows"
          ? IMPORT_MESSAGES.tooManyRows(file.rows)
          : file.problem === "empty"
            ? IMPORT_MESSAGES.empty
            : IMPORT_MESSAGES.unknownHeader,
    });
    return z.NEVER;
  });
/** POST /api/v1/tests/import as a caller sends it. */
export type ImportTestsRequest = z.input<typeof importTestsSchema>;
/** The file as the Worker plans it: its format and its rows as links. */
export type ImportTestsInput = z.output<typeof importTestsSchema>;

export const IMPORT_ROW_STATUSES = ["ready", "created", "refused"] as const;

/** What became of one row. */
export const importRowSchema = z.object({
  row: z.int().min(1).describe("The row's number in the file sent: 1 is the first under the header"),
  name: z.string().describe("The link's name: the row's title, else its back-half, else its URL"),
  urls: z.array(z.string()).describe("Its destinations: one makes a plain link, two or more a test"),
  slug: z.string().nullable().describe("The back-half it keeps; null: a new random slug"),
  domain: z
    .string()
    .nullable()
    .describe(
      "The custom domain it goes on; null: the default domain (/r/{slug}). For a row refused for its domain, the domain the file names",
    ),
  tags: z.array(z.string()).describe("The row's tags (the tags column, separated by | or ;)"),
  status: z
    .enum(IMPORT_ROW_STATUSES)
    .describe("ready: a dry run would create it; created: it was; refused: see reason"),
  reason: z.string().nullable().describe("Why it is refused, in the words a create would answer; else null"),
  testId: z.string().nullable().describe("The new link's id, once created"),
  link: z.string().nullable().describe("The new short link, once created"),
});
export type ImportRowOutcome = z.output<typeof importRowSchema>;

/** POST /api/v1/tests/import: the file's format and each row's outcome, in the file's order. */
export const importResponseSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(IMPORT_FORMATS).describe("The format the header row names"),
  rows: z.array(importRowSchema),
  ready: z.int().min(0).describe("Rows a dry run would create"),
  created: z.int().min(0).describe("Rows created"),
  refused: z.int().min(0).describe("Rows refused"),
});
export type ImportResponse = z.output<typeof importResponseSchema>;
