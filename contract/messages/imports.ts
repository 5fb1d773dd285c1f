import { MAX_IMPORT_CREATE_ROWS, MAX_IMPORT_ROWS } from "../imports";

/** The import's texts, the API's refusals of a file or a row and the Import links screen's. */
export const IMPORT_MESSAGES = {
  file: "Send the file's text as csv",
  tooLarge: "The file is larger than 1 MB: split it into smaller files and import each one",
  unknownHeader:
    "The header row matches no format SplitLink imports: use name, url_a, url_b, custom_slug, domain, tags, or a Bitly, Rebrandly or Short.io export",
  empty: "The file has no rows under its header",
  tooManyRows: (rows: number) =>
    `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; this one has ${rows.toLocaleString("en-US")}. Split it and import each part`,
  dryRun: 'dryRun must be "true" or "false"',
  tooManyToCreate: (rows: number) =>
    `One call creates at most ${MAX_IMPORT_CREATE_ROWS} rows; this one has ${rows.toLocaleString("en-US")}. Check the whole file with dryRun=true, then send it in parts of ${MAX_IMPORT_CREATE_ROWS} rows`,
  unknownDomain: (domain: string) =>
    `${domain} is not one of this workspace's domains: add and verify it in Domains, or leave the domain empty for the default one`,
  unverifiedDomain: (domain: string) => `${domain} is not verified yet: verify it in Domains first`,
  slugInFile: "An earlier row of this file takes the same slug on this domain",
} as const;
