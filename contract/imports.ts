// Importing links from a CSV file (issue #49, point 5): the file read the same way by the Import links
// screen (to send it in chunks) and by the Worker (to plan and create each row). No imports: pure rules.
//
// The formats, told apart by their header row (any case; spaces, underscores and punctuation ignored):
//
// - SplitLink's own: `name, url_a, url_b, … url_h, custom_slug, domain, tags`. One URL is a plain link,
//   two or more a test at an even split.
// - Bitly: the link's fields as Bitly's API names them (`long_url`, `link`, `title`, `created_at`, `tags`,
//   `custom_bitlinks`; Coupler's Bitly data overview, docs.coupler.io/sources/category/marketing/bitly/
//   data-overview), or as the dashboard's Export names them (`Link`, `Custom Link`, `Destination URL`:
//   URLR's migration guide from Bitly, github.com/URLR/urlr-docs, migration/bitly.md). The back-half is
//   the custom link's, else the Bitlink's own.
// - Rebrandly: its dashboard has no export; its API's recipe exports links to CSV with the link's fields
//   (`destination`, `slashtag`, `domain` or `shortUrl`, `title`: developers.rebrandly.com/docs/
//   list-your-links and docs/create-a-new-link; URLR's migration guide, migration/rebrandly.md).
// - Short.io: the link's fields (`originalURL`, `path`, `shortURL`, `title`, `tags`: Short.io's API as
//   developers.short.io/docs shows it; its own CSV importer reads path, original URL and title columns,
//   github.com/Short-io/shortio-cli).
//
// None of the three publishes the exact header of its dashboard's CSV export, so each format is known by
// the columns above in any of their spellings, and other columns are ignored.

export const IMPORT_FORMATS = ["splitlink", "bitly", "rebrandly", "shortio"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How the formats are named on screen. */
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  splitlink: "SplitLink CSV",
  bitly: "Bitly export",
  rebrandly: "Rebrandly export",
  shortio: "Short.io export",
};

/** Rows a file (and so one call) may hold at most, the header not counted. */
export const MAX_IMPORT_ROWS = 1000;
/** Characters a file may hold at most: 1,000 rows of several long URLs each. */
export const MAX_IMPORT_CHARS = 1024 * 1024;
/**
 * Rows the Import links screen sends a call when it creates them, so its progress bar moves per chunk.
 * Creating one row makes about 15 D1 queries (the create's checks, the insert, the shard's copy, the
 * history): 25 rows stay well inside the 1,000 queries a Worker invocation may make on Workers Paid.
 */
export const IMPORT_CHUNK_ROWS = 25;
/**
 * Rows one call may create (a dry run reads a whole file): twice the screen's chunk, still inside a
 * Worker's 1,000 D1 queries, so no call of the API stops halfway through a file.
 */
export const MAX_IMPORT_CREATE_ROWS = 50;

/**
 * The shorteners' shared domains: a back-half there goes on SplitLink's default domain (`/r/{slug}`)
 * when it is free, since no one can bring bit.ly itself.
 */
export const SHARED_SHORTENER_DOMAINS: ReadonlySet<string> = new Set([
  "bit.ly",
  "bitly.com",
  "j.mp",
  "rebrand.ly",
  "short.gy",
]);

/** One row of the file as a link: what the Worker plans, checks and creates. */
export interface ImportedLink {
  name: string;
  urls: string[];
  /** The back-half it keeps; null: a new random slug. */
  slug: string | null;
  /** The domain the file names, lower-cased; null: the default domain. */
  domain: string | null;
  tags: string[];
}

/** The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). Blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endRecord = () => {
    record.push(cell);
    if (record.some((value) => value.trim() !== "")) records.push(record);
    record = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRecord();
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

/** Records as CSV text again, quoted where needed (nothing else changed: the Worker reads it back as sent). */
export function csvText(records: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return records.map((record) => record.map(cell).join(",")).join("\r\n");
}

/** A header cell as the formats are matched: lower case, letters and digits only. */
const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

const SPLITLINK_URLS = ["urla", "urlb", "urlc", "urld", "urle", "urlf", "urlg", "urlh"];

/** The format a header row is in; null when none. */
export function importFormatOf(header: readonly string[]): ImportFormat | null {
  const keys = new Set(header.map(key));
  if (keys.has("urla")) return "splitlink";
  if (keys.has("originalurl")) return "shortio";
  if (keys.has("slashtag")) return "rebrandly";
  if (keys.has("longurl") || (keys.has("destinationurl") && (keys.has("link") || keys.has("customlink"))))
    return "bitly";
  return null;
}

/**
 * Tags as a cell holds them: separated by `,` (as the events export writes them), `|` or `;`, each
 * trimmed, empty and repeated ones dropped. No tag holds a comma (contract/tags.ts).
 */
export function tagsOf(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[,|;]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** The domain and back-half of a short link as exported (`bit.ly/3xYz`, `https://go.acme.com/spring`). */
function shortLinkParts(value: string): { domain: string | null; slug: string | null } {
  const text = value.trim();
  if (!text) return { domain: null, slug: null };
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    const slug = url.pathname.replace(/^\/+|\/+$/g, "");
    return { domain: url.hostname.toLowerCase() || null, slug: slug || null };
  } catch {
    return { domain: null, slug: null };
  }
}

/** The first non-empty cell among the columns of these keys. */
function cellOf(row: ReadonlyMap<string, string>, ...keys: string[]): string {
  for (const name of keys) {
    const value = row.get(name)?.trim();
    if (value) return value;
  }
  return "";
}

/** One record of a file as a link, by its format; the header gives each cell its column. */
export function importedLinkOf(
  format: ImportFormat,
  header: readonly string[],
  record: readonly string[],
): ImportedLink {
  const row = new Map<string, string>();
  header.forEach((name, i) => {
    // The first column of a name wins; a later one of the same name is ignored.
    if (!row.has(key(name))) row.set(key(name), record[i] ?? "");
  });
  const title = cellOf(row, "title", "name");
  const tags = tagsOf(cellOf(row, "tags", "tag"));
  let urls: string[];
  let slug: string | null;
  let domain: string | null;
  if (format === "splitlink") {
    urls = SPLITLINK_URLS.map((name) => cellOf(row, name)).filter(Boolean);
    slug = cellOf(row, "customslug") || null;
    domain = shortLinkParts(cellOf(row, "domain")).domain;
  } else if (format === "bitly") {
    urls = [cellOf(row, "longurl", "destinationurl")].filter(Boolean);
    // A Bitlink with custom back-halves lists them; the first one is the one printed.
    const custom = cellOf(row, "customlink", "custombitlinks").split(/[\s|;,]+/)[0] ?? "";
    ({ slug, domain } = shortLinkParts(custom || cellOf(row, "link", "bitlink", "id")));
  } else if (format === "rebrandly") {
    urls = [cellOf(row, "destination", "destinationurl")].filter(Boolean);
    const short = shortLinkParts(cellOf(row, "shorturl"));
    slug = cellOf(row, "slashtag") || short.slug;
    domain = shortLinkParts(cellOf(row, "domain", "domainfullname")).domain ?? short.domain;
  } else {
    urls = [cellOf(row, "originalurl")].filter(Boolean);
    const short = shortLinkParts(cellOf(row, "shorturl", "secureshorturl"));
    slug = cellOf(row, "path") || short.slug;
    domain = shortLinkParts(cellOf(row, "domain", "hostname")).domain ?? short.domain;
  }
  // A link needs a name: its title, else its back-half, else where it goes.
  const name = (title || slug || urls[0] || "").slice(0, 200);
  return { name, urls, slug, domain, tags };
}

/** A file's text as its format and links, or why it cannot be read. */
export type ImportFile =
  | { format: ImportFormat; links: ImportedLink[] }
  | { problem: "empty" | "unknown_header" | "too_many_rows"; rows: number };

export function readImportFile(text: string): ImportFile {
  const [header = [], ...records] = parseCsv(text);
  const format = importFormatOf(header);
  if (!format) return { problem: "unknown_header", rows: records.length };
  if (records.length === 0) return { problem: "empty", rows: 0 };
  if (records.length > MAX_IMPORT_ROWS) return { problem: "too_many_rows", rows: records.length };
  return { format, links: records.map((record) => importedLinkOf(format, header, record)) };
}
