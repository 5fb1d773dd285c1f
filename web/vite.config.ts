import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// react-router 7's package exports name only its development build (remix-run/react-router#12532), whose
// dev warnings and displayName assignments also defeat tree shaking: production builds use dist/production.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path("../node_modules/react-router/dist/production/index.mjs") },
  {
    find: /^react-router\/dom$/,
    replacement: path("../node_modules/react-router/dist/production/dom-export.mjs"),
  },
];

export default defineConfig(({ command }) => ({
  root: path("."),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: "@contract", replacement: path("../contract") },
      // Code samples the docs pages show as text (`?raw`), kept where they can be type-checked and run.
      { find: "@docs", replacement: path("../docs") },
      // Files a marketer pastes into another product (integrations/), shown and offered as they are.
      { find: "@integrations", replacement: path("../integrations") },
      { find: "@", replacement: path("./src") },
      ...(command === "build" ? reactRouterProduction : []),
    ],
  },
  // The browsers Tailwind CSS v4 supports (its CSS needs them): Safari 16.4+, Chrome/Edge 111+, Firefox 128+.
  build: {
    outDir: path("../dist"),
    emptyOutDir: true,
    target: ["chrome111", "edge111", "firefox128", "safari16.4"],
  },
}));
