// Fails when a file imports against the layout rules of docs/architecture.md: imports point one way,
// from the entry points down to pure helpers, and web features do not reach into each other.
// Run by `npm run lint`. Only relative and aliased imports are checked; packages by the lists below.
// It also fails when docs/architecture.md's import table differs from these rules (at the end).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/** Each Worker folder (or root file) and the folders it may import from, besides itself. */
const WORKER_RULES: Record<string, string[]> = {
  "index.ts": ["*"],
  "app.ts": ["routes", "middleware", "observability", "errors.ts", "env.ts"],
  "config.ts": ["observability"],
  "crons.ts": [],
  "env.ts": [],
  "errors.ts": [],
  "worker-configuration.d.ts": [],
  routes: [
    "integrations",
    "services",
    "middleware",
    "openapi",
    "redirect",
    "queue",
    "mail",
    "domains",
    "auth",
    "db",
    "observability",
    "lib",
    "errors.ts",
    "env.ts",
  ],
  // Stripe, Slack, GA4: above the services they use (Stripe's events record conversions, Slack's alerts
  // read the analytics), never imported by them; the webhooks' queue hands Slack its messages through
  // worker/index.ts.
  integrations: ["services", "webhooks", "queue", "auth", "db", "observability", "lib", "errors.ts"],
  middleware: ["services", "auth", "db", "observability", "lib", "errors.ts", "env.ts"],
  openapi: ["auth"],
  services: [
    "queue",
    "webhooks",
    "link-cache",
    "domains",
    "mail",
    "auth",
    "statistics",
    "archive",
    "db",
    "observability",
    "lib",
    "errors.ts",
  ],
  redirect: ["link-cache", "queue", "auth", "observability", "lib"],
  "link-cache": ["db", "observability", "lib"],
  domains: ["db", "observability", "lib", "errors.ts"],
  mail: ["observability", "lib", "errors.ts"],
  auth: ["db", "lib", "errors.ts"],
  queue: ["webhooks", "db", "observability", "lib"],
  webhooks: ["auth", "observability", "lib"],
  archive: ["queue", "db", "observability", "lib"],
  observability: ["lib", "errors.ts", "env.ts"],
  statistics: [],
  db: [],
  lib: [],
};

/**
 * Packages a folder must not import, and how docs/architecture.md's table says so after a `;`: pure
 * helpers know nothing of HTTP frameworks or the runtime, and the statistics are plain maths.
 */
const FORBIDDEN_PACKAGES: Record<string, { pattern: RegExp; doc: string }> = {
  lib: { pattern: /^(hono|drizzle-orm|cloudflare:)/, doc: "no Hono, drizzle or runtime modules" },
  statistics: { pattern: /^/, doc: "no packages" },
  contract: { pattern: /^(?!zod$)/, doc: "only zod" },
};

/** Web folders shared by every screen (docs/web-layout.md); a feature may import these and itself, no other feature. */
const WEB_SHARED = ["components", "lib"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)[^"';]*?from\s*["']([^"']+)["']/g)].map(
    (match) => match[1] ?? "",
  );
}

/** What the rules speak of: a folder of worker/ ("routes"), or a file at its root ("app.ts"). */
function workerUnit(path: string): string {
  const [, first = "", second] = path.split("/");
  if (second !== undefined) return first;
  return first.endsWith(".ts") ? first : `${first}.ts`;
}

/** Where an import points, as a path from the repository root; null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(file), specifier));
  if (specifier.startsWith("@contract/")) return `contract/${specifier.slice("@contract/".length)}`;
  if (specifier.startsWith("@/")) return `web/src/${specifier.slice(2)}`;
  return null;
}

const problems: string[] = [];

for (const file of filesUnder(join(ROOT, "worker"))) {
  const path = relative(ROOT, file);
  const unit = workerUnit(path);
  const allowed = WORKER_RULES[unit];
  if (!allowed) {
    problems.push(
      `${path}: its folder has no rule in scripts/check-imports.ts (add one, and to docs/architecture.md)`,
    );
    continue;
  }
  for (const specifier of importsOf(file)) {
    const to = target(file, specifier);
    if (to === null) {
      if (FORBIDDEN_PACKAGES[unit]?.pattern.test(specifier))
        problems.push(`${path}: ${unit}/ may not import ${specifier}`);
      continue;
    }
    if (to.startsWith("contract/")) continue;
    if (!to.startsWith("worker/")) {
      problems.push(`${path}: the Worker imports only worker/ and contract/, not ${to}`);
      continue;
    }
    const toUnit = workerUnit(to);
    if (toUnit === unit || allowed.includes("*") || allowed.includes(toUnit)) continue;
    problems.push(`${path}: ${unit} may not import ${toUnit} (${specifier})`);
  }
}

for (const file of filesUnder(join(ROOT, "contract"))) {
  const path = relative(ROOT, file);
  for (const specifier of importsOf(file)) {
    const to = target(file, specifier);
    if (to === null ? FORBIDDEN_PACKAGES.contract?.pattern.test(specifier) : !to.startsWith("contract/"))
      problems.push(
        `${path}: contract/ is shared by both sides and imports only itself and zod, not ${specifier}`,
      );
  }
}

// The web takes the API's shapes as types only: a value import of contract/api* would bring zod (its
// schemas) into the browser's bundle.
const VALUE_IMPORT_OF_API =
  /(?:^|\n)\s*import\s+(?!type\s)[^;]*?from\s*["'](@contract\/api(?:\/[^"']*)?)["']/g;

for (const file of filesUnder(join(ROOT, "web/src"))) {
  const path = relative(ROOT, file);
  const [, , area = "", feature] = path.split("/");
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(VALUE_IMPORT_OF_API))
    problems.push(`${path}: the web imports ${specifier} as types only (import type), never its zod schemas`);
  for (const specifier of importsOf(file)) {
    const to = target(file, specifier);
    if (to === null) continue;
    if (to.startsWith("worker/"))
      problems.push(`${path}: the web app may not import the Worker (${specifier})`);
    if (!to.startsWith("web/src/features/")) continue;
    const toFeature = to.split("/")[3];
    if (WEB_SHARED.includes(area))
      problems.push(`${path}: shared ${area}/ may not import a feature (${specifier})`);
    if (area === "features" && toFeature !== feature)
      problems.push(`${path}: feature ${feature} may not import feature ${toFeature} (${specifier})`);
  }
}

// docs/architecture.md's table "Folders, and what each may import" is these rules in words: one row per
// rule (a row may name several units with the same rule), its "may import" column the rule's list
// ("anything" for "*", "nothing…" for none; backticks, a trailing "/" and remarks in brackets are
// ignored), then after a `;` what FORBIDDEN_PACKAGES says. A row that differs fails here, so the page
// cannot drift.
const ARCHITECTURE = "docs/architecture.md";
const TABLE_HEADING = "## Folders, and what each may import";

/** The table's rows as [folder, may import], by its header's "folder" and "may import" columns. */
function tableRows(markdown: string): string[][] {
  const section = markdown.split(TABLE_HEADING)[1]?.split("\n## ")[0] ?? "";
  const [header = [], ...rows] = section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  const folder = header.findIndex((cell) => cell.startsWith("folder"));
  const imports = header.indexOf("may import");
  if (folder < 0 || imports < 0) return [];
  return rows.map((cells) => [cells[folder] ?? "", cells[imports] ?? ""]);
}

/** A folder or file as the rules name it: without backticks, a trailing "/" or a remark in brackets. */
const nameOf = (text: string) =>
  text
    .replace(/\([^)]*\)/g, "")
    .replaceAll("`", "")
    .trim()
    .replace(/\/$/, "");

function documentedRule(cell: string): { imports: string[]; packages: string | undefined } {
  const [list = "", ...rest] = cell.split(";");
  const packages = rest.length > 0 ? rest.join(";").trim() : undefined;
  const text = list.trim();
  if (text === "anything") return { imports: ["*"], packages };
  if (text.startsWith("nothing")) return { imports: [], packages };
  return { imports: text.split(",").map(nameOf), packages };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((item) => b.includes(item));
const listed = (items: string[]) => (items.length === 0 ? "nothing" : items.join(", "));

const rows = tableRows(readFileSync(join(ROOT, ARCHITECTURE), "utf8"));
if (rows.length === 0)
  problems.push(`${ARCHITECTURE}: no table with "folder" and "may import" columns under "${TABLE_HEADING}"`);
const documented = new Set<string>();
for (const [folderCell = "", importCell = ""] of rows) {
  const units = [...folderCell.matchAll(/`([^`]+)`/g)].map((match) => nameOf(match[1] ?? ""));
  const { imports, packages } = documentedRule(importCell);
  for (const unit of units) {
    if (documented.has(unit)) problems.push(`${ARCHITECTURE}: \`${unit}\` has two rows in the import table`);
    documented.add(unit);
    const allowed = WORKER_RULES[unit];
    if (!allowed) {
      problems.push(
        `${ARCHITECTURE}: the import table has a row for \`${unit}\`, which has no rule in scripts/check-imports.ts`,
      );
      continue;
    }
    if (!sameSet(imports, allowed)) {
      const missing = allowed.filter((name) => !imports.includes(name));
      const extra = imports.filter((name) => !allowed.includes(name));
      problems.push(
        `${ARCHITECTURE}: the import table says \`${unit}\` may import ${listed(imports)}; ` +
          `scripts/check-imports.ts allows ${listed(allowed)}` +
          (missing.length > 0 ? `; add ${missing.join(", ")}` : "") +
          (extra.length > 0 ? `; remove ${extra.join(", ")}` : ""),
      );
    }
    const forbidden = FORBIDDEN_PACKAGES[unit]?.doc;
    if (packages !== forbidden)
      problems.push(
        `${ARCHITECTURE}: the import table's \`${unit}\` should ${
          forbidden === undefined ? "say nothing of packages" : `end with "; ${forbidden}"`
        }, as FORBIDDEN_PACKAGES does in scripts/check-imports.ts`,
      );
  }
}
for (const unit of Object.keys(WORKER_RULES))
  if (!documented.has(unit))
    problems.push(
      `${ARCHITECTURE}: \`${unit}\` has a rule in scripts/check-imports.ts but no row in the import table`,
    );

if (problems.length > 0) {
  console.error(
    `Against the layout rules (docs/architecture.md, "Folders, and what each may import"):\n${problems.join("\n")}`,
  );
  process.exit(1);
}
console.log(`imports follow the layout rules, and ${ARCHITECTURE}'s import table states them`);
