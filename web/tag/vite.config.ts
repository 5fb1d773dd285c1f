import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// The tag, minified into dist/t.js beside the SPA's build (which runs first and empties dist/). It runs
// on the marketer's pages in any browser of the last years: ES2017, one classic script.
export default defineConfig({
  build: {
    outDir: path("../../dist"),
    emptyOutDir: false,
    target: "es2017",
    copyPublicDir: false,
    lib: { entry: path("t.js"), formats: ["iife"], name: "splitlinkTag", fileName: () => "t.js" },
  },
});
