// The production build's weight: the JavaScript a visitor of the landing page downloads (the scripts of
// the pre-rendered landing pages, with what they import), the app shell every page of the app loads (the
// entry of index.html and its modulepreloads), and the largest lazy route chunk, all gzipped.
// Reads dist/ as `npm run build` left it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fixed, printTable } from "./table.ts";

const DIST = "dist";
const ASSETS = join(DIST, "assets");
const LANDING_PAGES = ["signed-out", "signed-in"].map((v) => join(DIST, "prerendered", `landing-${v}.html`));
const LANDING_TARGET_KB = 90;
// Route chunks that belong to the signed-in app; none may be among what the landing page loads.
const DASHBOARD_ROUTES = ["DashboardPage", "CreateTestPage", "TestDetailPage", "DomainsPage"];

const read = (file: string) => readFileSync(join(ASSETS, file), "utf8");
const gzipKb = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length / 1024;
const totalKb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipKb(file), 0);

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

/** The /assets scripts an HTML page loads or preloads, and everything they import. */
function scriptsOf(htmlFile: string): Set<string> {
  const html = readFileSync(htmlFile, "utf8");
  if (/<script(?![^>]*\ssrc="\/assets\/)/i.test(html))
    throw new Error(`${htmlFile}: a script not in /assets`);
  return closure([...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1] ?? ""));
}

for (const page of LANDING_PAGES)
  if (!existsSync(page)) throw new Error(`No ${page}: run npm run build (it pre-renders the landing page)`);
const landing = new Set(LANDING_PAGES.flatMap((page) => [...scriptsOf(page)]));
const landingKb = totalKb(landing);
const dashboardInLanding = [...landing].filter((file) =>
  DASHBOARD_ROUTES.some((r) => file.startsWith(`${r}-`)),
);

const appShell = scriptsOf(join(DIST, "index.html"));
const chunks = readdirSync(ASSETS).filter((file) => file.endsWith(".js"));
const lazyRoutes = chunks.filter((file) => /^[A-Z]\w*Page-/.test(file) && !appShell.has(file));
const largestLazy = lazyRoutes
  .map((file) => ({ file, kb: gzipKb(file), withImports: closure([file]) }))
  .sort((a, b) => b.kb - a.kb)[0];
// What opening that route downloads on top of the app shell.
const largestExtraKb = totalKb([...(largestLazy?.withImports ?? [])].filter((file) => !appShell.has(file)));

printTable(
  "Web weight: production build, gzip -9",
  [
    ...[...landing].map((file) => ({ loads: `landing page: ${file}`, "KB gzip": fixed(gzipKb(file), 1) })),
    { loads: "landing page (pre-rendered HTML): total JS", "KB gzip": fixed(landingKb, 1) },
    ...[...appShell].map((file) => ({ loads: `app shell: ${file}`, "KB gzip": fixed(gzipKb(file), 1) })),
    { loads: "app shell (any page of the app): total JS", "KB gzip": fixed(totalKb(appShell), 1) },
    {
      loads: `largest lazy route: ${largestLazy?.file} (own chunk)`,
      "KB gzip": fixed(largestLazy?.kb ?? 0, 1),
    },
    { loads: "  its chunks not already in the app shell", "KB gzip": fixed(largestExtraKb, 1) },
  ],
  `web: landing page JS ${fixed(landingKb, 1)} KB gzip (target <= ${LANDING_TARGET_KB}: ${landingKb <= LANDING_TARGET_KB ? "MET" : "MISSED"}); dashboard code loaded by the landing: ${dashboardInLanding.length === 0 ? "none (MET)" : `${dashboardInLanding.join(", ")} (MISSED)`}; app shell ${fixed(totalKb(appShell), 1)} KB gzip; largest lazy route ${fixed(largestLazy?.kb ?? 0, 1)} KB gzip`,
);
