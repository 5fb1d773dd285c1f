// What scripts/check-docs.ts checks in the docs, as pure functions over text (no file system, so the
// web unit tests can run them: tests/web/docs-references.test.ts). The rules are in check-docs.ts's
// header.

/** Extensions that make a backticked name without a slash a file name of the repository. */
const FILE_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|json|md|toml|sql|css|html|tpl|sh|yml|yaml)$/;

/** Aliases the code imports through, as the folders they stand for. */
const ALIASES: [string, string][] = [
  ["@contract/", "contract/"],
  ["@integrations/", "integrations/"],
  ["@docs/", "docs/"],
  ["@/", "web/src/"],
];

/**
 * Inline code spans of a Markdown text, outside fenced code blocks, each with the line it starts on. A
 * span may run over a line break within its paragraph (read as a space).
 */
export function codeSpans(markdown: string): { text: string; line: number }[] {
  const spans: { text: string; line: number }[] = [];
  let fenced = false;
  let paragraph: string[] = [];
  let firstLine = 0;
  const readParagraph = () => {
    const text = paragraph.join("\n");
    for (const match of text.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
      const line = firstLine + (text.slice(0, match.index).match(/\n/g)?.length ?? 0);
      spans.push({ text: (match[2] ?? "").replace(/\s+/g, " ").trim(), line });
    }
    paragraph = [];
  };
  markdown.split("\n").forEach((line, index) => {
    const fence = /^\s*(```|~~~)/.test(line);
    if (fence || fenced || line.trim() === "") readParagraph();
    if (fence) fenced = !fenced;
    if (fence || fenced || line.trim() === "") return;
    if (paragraph.length === 0) firstLine = index + 1;
    paragraph.push(line);
  });
  readParagraph();
  return spans;
}

/** The repository paths a code span names: itself, or the words of a command (`node scripts/x.ts`). */
export function pathsIn(span: string, folderNames: ReadonlySet<string>): string[] {
  return span.split(/\s+/).flatMap((word) => pathOf(word, folderNames) ?? []);
}

/**
 * The repository path a word names, or null when it names none. A path has no glob or
 * placeholder (`*`, `?`, `<id>`, `{slug}`, `…`) and no scheme or colon (`https://…`, `node:fs`,
 * `link:{slug}`), and does not start with "/" (a URL path such as `/api/v1/tests`); it has a slash
 * and starts with a folder name the repository has (or an alias such as `@contract/`), or ends with a
 * source or document extension. An `#anchor` is dropped.
 */
export function pathOf(span: string, folderNames: ReadonlySet<string>): string | null {
  const text = span.replace(/#.*$/, "");
  if (text === "" || /[*?<>{}[\]()…:$=,;"'|\\]/.test(text) || text.startsWith("/")) return null;
  for (const [alias, folder] of ALIASES) if (text.startsWith(alias)) return folder + text.slice(alias.length);
  if (text.includes("/")) {
    const first = text.replace(/^(\.\.?\/)+/, "").split("/")[0] ?? "";
    return folderNames.has(first) || FILE_EXTENSIONS.test(text.replace(/\/$/, "")) ? text : null;
  }
  return FILE_EXTENSIONS.test(text) ? text : null;
}

/** How a module or file may be named without its extension (`queue/producer`, `db/attribution`). */
const ENDINGS = ["", ".ts", ".tsx", ".js", ".mjs", ".md", "/index.ts"];

/**
 * Whether a path names a file or folder of the repository (`files`: every file's path from the root):
 * from the root, from the doc's folder, or as the last whole segments of a path (`routes/beacon.ts`
 * for `worker/routes/beacon.ts`, as docs/architecture.md names files inside `worker/`); a name
 * without a slash must be some file's name.
 */
export function resolves(path: string, docFolder: string, files: readonly string[]): boolean {
  const trimmed = path.replace(/\/$/, "");
  const candidates = new Set<string>();
  for (const base of [trimmed, normalise(`${docFolder}/${trimmed}`)])
    if (base !== null) for (const ending of ENDINGS) candidates.add(base + ending);
  return files.some((file) => {
    for (const candidate of candidates) {
      if (file === candidate || file.startsWith(`${candidate}/`)) return true;
      if (file.endsWith(`/${candidate}`)) return true;
      const folderAt = file.indexOf(`/${candidate}/`);
      if (folderAt >= 0) return true;
    }
    return false;
  });
}

/** `a/b/../c` as `a/c`; null when it climbs above the root. */
function normalise(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.pop() === undefined) return null;
    } else parts.push(part);
  }
  return parts.join("/");
}

/** The folder names that start a repository path, from every file's path. */
export function folderNamesOf(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) for (const part of file.split("/").slice(0, -1)) names.add(part);
  return names;
}

/** Pieces of literal text, with any text between each two. */
export type Pattern = string[];

/** The titles of a test file's `it(`, `test(` and `describe(` calls, their parameters (`%s`, `${…}`) as any text. */
export function testTitles(source: string): Pattern[] {
  const titles: Pattern[] = [];
  const call = /\b(?:it|test|describe)\b((?:\.\w+)*)\s*\(/g;
  for (let match = call.exec(source); match !== null; match = call.exec(source)) {
    let at = match.index + match[0].length;
    // `it.each(table)("title %s", …)`: the title follows the table's call.
    if (/\.each$/.test(match[1] ?? "")) {
      at = afterBalanced(source, at);
      at = skipSpace(source, at);
      if (source[at] !== "(") continue;
      at += 1;
    }
    at = skipSpace(source, at);
    const quote = source[at];
    if (quote !== '"' && quote !== "'" && quote !== "`") continue;
    const end = closingQuote(source, at);
    if (end < 0) continue;
    titles.push(titlePattern(source.slice(at + 1, end), quote));
  }
  return titles;
}

function skipSpace(source: string, at: number): number {
  while (at < source.length && /\s/.test(source[at] ?? "")) at += 1;
  return at;
}

/** The index after the `)` that closes a call whose `(` was just before `at` (strings skipped). */
function afterBalanced(source: string, at: number): number {
  let depth = 1;
  while (at < source.length && depth > 0) {
    const char = source[at];
    if (char === '"' || char === "'" || char === "`") {
      at = closingQuote(source, at) + 1;
      if (at === 0) return source.length;
      continue;
    }
    if (char === "(" || char === "[" || char === "{") depth += 1;
    if (char === ")" || char === "]" || char === "}") depth -= 1;
    at += 1;
  }
  return at;
}

function closingQuote(source: string, at: number): number {
  const quote = source[at];
  for (let index = at + 1; index < source.length; index += 1) {
    if (source[index] === "\\") index += 1;
    else if (source[index] === quote) return index;
    else if (quote === "`" && source.startsWith("${", index)) index = afterBalanced(source, index + 2) - 1;
  }
  return -1;
}

function titlePattern(raw: string, quote: string): Pattern {
  const text = raw.replace(/\\(.)/g, "$1");
  const parameter = quote === "`" ? /\$\{[^}]*\}/g : /%[sdifjo#]|\$\w+/g;
  // A closing reference to the issue, as in "no arm from the client (#30)", may be left out.
  return text.replace(/\s*\(#\d+\)$/, "").split(parameter);
}

/**
 * One name in docs/guarantees.md: its test file (named, or carried over) and its titles, outermost
 * first. A bare one is a part of a cell after a ";" with neither "›" nor a file: the next title in the
 * same place, or the rest of a title that holds a ";".
 */
export type TestReference = { file: string | null; titles: string[]; line: number; bare: boolean };

const FILE_NAME = /`((?:tests|bench)\/[^`]+)`/;

/**
 * The test names of docs/guarantees.md: the last cell of each table row, as "`file` › describe › it",
 * several separated by ";". A name whose file is left out ("; › it") is in the file named before it in
 * the cell; a row starting "… ›" continues the last row that started with a file. Remarks in brackets
 * ("(all three tests)") are not titles, nor is a cell without "›" ("same test").
 */
export function testReferences(markdown: string): TestReference[] {
  const references: TestReference[] = [];
  let rowFile: string | null = null;
  markdown.split("\n").forEach((line, index) => {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) return;
    const cells = line.slice(1, -1).split("|");
    const cell = (cells[cells.length - 1] ?? "").trim();
    const first = cell.match(new RegExp(`^${FILE_NAME.source}`))?.[1];
    if (first) rowFile = first;
    let file = rowFile;
    let named = false;
    for (const part of splitOutsideBrackets(cell)) {
      const [head = "", ...titles] = part.split("›").map((piece) => piece.trim());
      file = head.match(FILE_NAME)?.[1] ?? file;
      if (titles.length > 0) named = true;
      const bare = titles.length === 0 && !FILE_NAME.test(head) && named;
      if (titles.length === 0 && !bare) continue;
      references.push({
        file,
        titles: bare ? [head] : titles.filter((title) => title !== "…" && !/^\(.*\)$/.test(title)),
        line: index + 1,
        bare,
      });
    }
  });
  return references;
}

/**
 * The names among the references that no test holds: `titlesOf` gives a file's titles (null for no
 * such file). A bare part that completes the title before it (a title with a ";") is taken with it.
 */
export function unknownTestNames(
  references: readonly TestReference[],
  titlesOf: (file: string) => Pattern[] | null,
): { line: number; file: string | null; title: string }[] {
  const unknown: { line: number; file: string | null; title: string }[] = [];
  for (let index = 0; index < references.length; index += 1) {
    const { file, titles, line } = references[index] as TestReference;
    const known = file === null ? null : titlesOf(file);
    if (known === null) {
      unknown.push({ line, file, title: titles.join(" › ") });
      continue;
    }
    titles.forEach((title, position) => {
      if (namesTitle(title, known)) return;
      if (position === titles.length - 1) {
        let joined = title;
        for (let next = index + 1; references[next]?.bare; next += 1) {
          joined = `${joined}; ${references[next]?.titles[0]}`;
          if (namesTitle(joined, known)) {
            index = next;
            return;
          }
        }
      }
      unknown.push({ line, file, title });
    });
  }
  return unknown;
}

function splitOutsideBrackets(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === "(") depth += 1;
    if (text[index] === ")") depth = Math.max(0, depth - 1);
    if (text[index] === ";" && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Whether a title as the docs write it names one of a file's test titles: "…" stands for left-out
 * words and `{route}` for a parameter, and a remark in brackets may close it.
 */
export function namesTitle(written: string, titles: readonly Pattern[]): boolean {
  const forms = [written, written.replace(/\s*\([^()]*\)$/, "")].map((form) =>
    form.split(/\s*(?:…|\{\w+\})\s*/),
  );
  return forms.some((form) => titles.some((title) => overlap(form, title)));
}

/**
 * Whether some text fits both patterns: a walk over both at once, where the gap between two pieces
 * on either side may take characters of the other side's text, or none.
 */
function overlap(a: Pattern, b: Pattern): boolean {
  const GAP = "\u0000";
  const left = a.join(GAP);
  const right = b.join(GAP);
  const seen = new Set<number>();
  const walk = (i: number, j: number): boolean => {
    if (i === left.length && j === right.length) return true;
    const key = i * (right.length + 1) + j;
    if (seen.has(key)) return false;
    seen.add(key);
    const x = left[i];
    const y = right[j];
    if (x === GAP && (walk(i + 1, j) || (y !== undefined && walk(i, j + 1)))) return true;
    if (y === GAP && (walk(i, j + 1) || (x !== undefined && x !== GAP && walk(i + 1, j)))) return true;
    return x !== undefined && x !== GAP && x === y && walk(i + 1, j + 1);
  };
  return walk(0, 0);
}
