// Fails when a file imports against the layout rules of docs/architecture.md: imports point one way,
// from the entry points down to pure helpers, and web features do not reach into each other.
// Run by `npm run lint`. Only relative and aliased imports are checked; packages by the lists below.
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
    "services",
    "middleware",
    "schemas",
    "openapi",
    "redirect",
    "queue",
    "tracker",
    "mail",
    "domains",
    "auth",
    "db",
    "observability",
    "lib",
    "errors.ts",
    "env.ts",
  ],
  middleware: ["services", "auth", "db", "observability", "lib", "errors.ts", "env.ts"],
  openapi: ["schemas", "auth"],
  schemas: ["webhooks", "lib"],
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
  tracker: [],
  db: [],
  lib: [],
};

/** Packages a folder must not import: pure helpers know nothing of HTTP frameworks or the runtime. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  lib: /^(hono|drizzle-orm|cloudflare:)/,
  statistics: /^(hono|drizzle-orm|cloudflare:)/,
  contract: /^(?!zod$)/,
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
      if (FORBIDDEN_PACKAGES[unit]?.test(specifier))
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
    if (to === null ? FORBIDDEN_PACKAGES.contract?.test(specifier) : !to.startsWith("contract/"))
      problems.push(
        `${path}: contract/ is shared by both sides and imports only itself and zod, not ${specifier}`,
      );
  }
}

for (const file of filesUnder(join(ROOT, "web/src"))) {
  const path = relative(ROOT, file);
  const [, , area = "", feature] = path.split("/");
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

if (problems.length > 0) {
  console.error(`Imports against the layout rules (docs/architecture.md):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("imports follow the layout rules");
