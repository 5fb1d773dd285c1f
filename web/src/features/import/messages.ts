import { IMPORT_FORMAT_NAMES, type ImportFormat, MAX_IMPORT_ROWS } from "@contract/imports";

/** The Import links screen's own texts (the API's refusals are in contract/messages/imports.ts). */
export const IMPORT_SCREEN_MESSAGES = {
  title: "Import links",
  intro:
    "Bring your links from a CSV file or an export from Bitly, Rebrandly or Short.io. Each link keeps its back-half on your verified domain, or on the default domain when it is free there.",
  columns:
    "SplitLink's columns: name, url_a, url_b, custom_slug, domain, tags (tags separated by commas, | or ;).",
  pick: "Choose a CSV file",
  drop: "or drop it here",
  limit: `At most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows and 1 MB a file.`,
  notCsv: "Choose a CSV file (.csv)",
  readFailed: "The file could not be read",
  checking: "Checking each row…",
  checkFailed: "The file could not be checked",
  detected: (format: ImportFormat, rows: number) =>
    `${IMPORT_FORMAT_NAMES[format]}, ${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"}`,
  summary: (ready: number, refused: number) =>
    `${ready.toLocaleString("en-US")} will be created, ${refused.toLocaleString("en-US")} refused`,
  done: (created: number, refused: number) =>
    `${created.toLocaleString("en-US")} created, ${refused.toLocaleString("en-US")} refused`,
  create: (ready: number) => `Create ${ready.toLocaleString("en-US")} ${ready === 1 ? "link" : "links"}`,
  nothingToCreate: "No row can be created: fix the file and choose it again.",
  creating: (done: number, total: number) =>
    `Creating links: ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows`,
  createFailed: (created: number) =>
    `The import stopped after ${created.toLocaleString("en-US")} links were created. Download the outcome, then import the remaining rows again.`,
  another: "Import another file",
  download: "Download outcome CSV",
  viewer: "Viewers can see the links of this workspace but cannot import any.",
  ready: "Will be created",
  created: "Created",
  refused: "Refused",
  emptyTable: "The file has no rows.",
} as const;
