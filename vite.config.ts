import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
      "@": fileURLToPath(new URL("./web/src", import.meta.url)),
    },
  },
  // The browsers Tailwind CSS v4 supports (its CSS needs them): Safari 16.4+, Chrome/Edge 111+, Firefox 128+.
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    target: ["chrome111", "edge111", "firefox128", "safari16.4"],
  },
});
