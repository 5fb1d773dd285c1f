// Fails when the docs name what is not there. Run by `npm run lint`. Three checks:
// 1. Every repository path in backticks in README.md and docs/**/*.md exists. A code span, or a word
//    of a command in one (`node scripts/x.ts`), is a path when it has no glob or placeholder (`*`,
//    `<id>`, `{slug}`, `…`), no scheme or colon, and does not start with "/" (`/api/v1/tests` is a URL
//    path); and it either has a slash and starts with a folder name the repository has (or an alias:
//    `@contract/`, `@/`, `@integrations/`, `@docs/`), or ends with a source or document extension
//    (.ts, .md, .sql, .toml, …). It must resolve from the repository root, from the doc's folder, or
//    as the last whole segments of a file's path (`routes/beacon.ts`, `queue/producer`: the docs name
//    files inside `worker/` so); a bare file name must be some file's name. Paths git ignores
//    (`dist/`, `.dev.vars`: build output, local files) are not repository paths. Fenced code blocks
//    are not read.
// 2. Every test docs/guarantees.md names ("`file` › describe › it", in each table's last column) is a
//    title of an `it(`, `test(` or `describe(` in that file; "…" stands for left-out words, `{route}`
//    for a parameter (`%s`, `${…}` in the title). Each title is checked in the file, not its nesting.
// 3. No line of docs/architecture.md is over 200 characters: sections with bullets, so that a diff
//    shows the sentence that changed (a Markdown table pads every row to its longest).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import {
  codeSpans,
  folderNamesOf,
  type Pattern,
  pathsIn,
  resolves,
  testReferences,
  testTitles,
  unknownTestNames,
} from "./docs-references.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SKIPPED = new Set([".git", "node_modules", "dist", ".wrangler", "test-results", "screenshots"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(ROOT, path)];
  });
}

/** Of these paths, those git ignores (build output, local files), whether they exist yet or not. */
function ignoredByGit(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    const output = execFileSync("git", ["check-ignore", "--no-index", "--stdin"], {
      cwd: ROOT,
      input: paths.join("\n"),
      encoding: "utf8",
    });
    return new Set(output.split("\n").filter(Boolean));
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}

const files = filesUnder(ROOT);
const folderNames = folderNamesOf(files);
const docs = ["README.md", ...files.filter((file) => file.startsWith("docs/") && file.endsWith(".md"))];
const problems: string[] = [];

const unresolved: { doc: string; line: number; path: string }[] = [];
for (const doc of docs) {
  const folder = dirname(doc) === "." ? "" : dirname(doc);
  for (const span of codeSpans(readFileSync(join(ROOT, doc), "utf8"))) {
    for (const path of pathsIn(span.text, folderNames))
      if (!resolves(path, folder, files)) unresolved.push({ doc, line: span.line, path });
  }
}
const ignored = ignoredByGit([...new Set(unresolved.map(({ path }) => path.replace(/^\.\//, "")))]);
for (const { doc, line, path } of unresolved)
  if (!ignored.has(path.replace(/^\.\//, ""))) problems.push(`${doc}:${line}: \`${path}\` does not exist`);

const GUARANTEES = "docs/guarantees.md";
const titlesByFile = new Map<string, Pattern[] | null>();
function titlesOf(file: string): Pattern[] | null {
  if (!titlesByFile.has(file))
    titlesByFile.set(
      file,
      existsSync(join(ROOT, file)) ? testTitles(readFileSync(join(ROOT, file), "utf8")) : null,
    );
  return titlesByFile.get(file) ?? null;
}
const references = testReferences(readFileSync(join(ROOT, GUARANTEES), "utf8"));
for (const { line, file, title } of unknownTestNames(references, titlesOf))
  problems.push(
    file === null
      ? `${GUARANTEES}:${line}: "${title}" follows no test file`
      : `${GUARANTEES}:${line}: ${file} has no test "${title}"`,
  );

const ARCHITECTURE = "docs/architecture.md";
const MAX_LINE = 200;
readFileSync(join(ROOT, ARCHITECTURE), "utf8")
  .split("\n")
  .forEach((text, index) => {
    if (text.length > MAX_LINE)
      problems.push(`${ARCHITECTURE}:${index + 1}: ${text.length} characters, over ${MAX_LINE}`);
  });

if (problems.length > 0) {
  console.error(`The docs name what is not there (scripts/check-docs.ts):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `the docs' paths exist, ${GUARANTEES} names existing tests, ${ARCHITECTURE}'s lines are at most ${MAX_LINE}`,
);
