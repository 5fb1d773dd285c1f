// The production build's weight: the JavaScript a visitor of the landing page downloads (the entry,
// what it imports and preloads, and the lazy landing route with its imports), gzipped, and the
// largest lazy route chunk. Reads dist/ as `npm run build` left it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fixed, printTable } from "./table.ts";

const DIST = "dist";
const ASSETS = join(DIST, "assets");
const LANDING_TARGET_KB = 90;
// Route chunks that belong to the signed-in app; none may be among what the landing page loads.
const DASHBOARD_ROUTES = ["DashboardPage", "CreateTestPage", "TestDetailPage", "DomainsPage"];

const read = (file: string) => readFileSync(join(ASSETS, file), "utf8");
const gzipKb = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length / 1024;

/** The chunks a chunk imports statically (minified ESM: `import{a as b}from"./x.js"`, `import"./x.js"`). */
function staticImports(file: string): string[] {
  const found = read(file).matchAll(/import\s*(?:[\w$*{}\s,]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g);
  return [...found].map((match) => match[1] ?? "");
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

const html = readFileSync(join(DIST, "index.html"), "utf8");
const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1] ?? "");
const chunks = readdirSync(ASSETS).filter((file) => file.endsWith(".js"));
const routeChunk = (name: string) => chunks.find((file) => file.startsWith(`${name}-`));
const landingRoute = routeChunk("LandingPage");
if (!landingRoute) throw new Error("No LandingPage chunk in dist/assets: run npm run build");

const landing = closure([...fromHtml, landingRoute]);
const landingKb = [...landing].reduce((sum, file) => sum + gzipKb(file), 0);
const dashboardInLanding = [...landing].filter((file) =>
  DASHBOARD_ROUTES.some((r) => file.startsWith(`${r}-`)),
);
const lazyRoutes = chunks.filter((file) => /^[A-Z]\w*Page-/.test(file) && !landing.has(file));
const largestLazy = lazyRoutes
  .map((file) => ({ file, kb: gzipKb(file), withImports: closure([file]) }))
  .sort((a, b) => b.kb - a.kb)[0];
// What opening that route downloads on top of the landing page's JavaScript.
const largestExtraKb = [...(largestLazy?.withImports ?? [])]
  .filter((file) => !landing.has(file))
  .reduce((sum, file) => sum + gzipKb(file), 0);

printTable(
  "Web weight: production build, gzip -9",
  [
    ...[...landing].map((file) => ({ "landing page loads": file, "KB gzip": fixed(gzipKb(file), 1) })),
    { "landing page loads": "total", "KB gzip": fixed(landingKb, 1) },
    {
      "landing page loads": `largest lazy route: ${largestLazy?.file} (own chunk)`,
      "KB gzip": fixed(largestLazy?.kb ?? 0, 1),
    },
    {
      "landing page loads": "  its chunks not already loaded by the landing",
      "KB gzip": fixed(largestExtraKb, 1),
    },
  ],
  `web: landing page JS ${fixed(landingKb, 1)} KB gzip (target <= ${LANDING_TARGET_KB}: ${landingKb <= LANDING_TARGET_KB ? "MET" : "MISSED"}); dashboard code loaded by the landing: ${dashboardInLanding.length === 0 ? "none (MET)" : `${dashboardInLanding.join(", ")} (MISSED)`}; largest lazy route ${fixed(largestLazy?.kb ?? 0, 1)} KB gzip`,
);
