// After `vite build`: writes the landing page as static HTML, one file per session state, next to the
// SPA. The Worker serves them for `/` (worker/routes/landing.ts): a visitor sees the page without
// downloading or running any JavaScript, and the app's code loads only once they go into the app.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "vite";

const DIST = "dist";
// Served at /prerendered/landing-{variant} (the asset router drops the .html).
const PRERENDERED_DIR = join(DIST, "prerendered");
const VARIANTS = ["signed-out", "signed-in"] as const;
type RenderLanding = (status: (typeof VARIANTS)[number]) => string;

/** The built index.html with the page in #root and none of the SPA's scripts. */
function staticPage(template: string, body: string): string {
  const page = template
    .replace(/<script type="module"[^>]*><\/script>\s*/g, "")
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (!page.includes(body) || /<script/i.test(page.replace(body, ""))) {
    throw new Error("dist/index.html no longer has the shape this script expects: update staticPage()");
  }
  return page;
}

const vite = await createServer({
  configFile: "web/vite.config.ts",
  appType: "custom",
  logLevel: "error",
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderLanding } = (await vite.ssrLoadModule("/src/prerender.tsx")) as {
    renderLanding: RenderLanding;
  };
  const template = readFileSync(join(DIST, "index.html"), "utf8");
  mkdirSync(PRERENDERED_DIR, { recursive: true });
  for (const variant of VARIANTS) {
    const file = join(PRERENDERED_DIR, `landing-${variant}.html`);
    writeFileSync(file, staticPage(template, renderLanding(variant)));
    console.log(`prerendered ${file}`);
  }
} finally {
  await vite.close();
}
