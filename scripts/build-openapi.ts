import { mkdirSync, writeFileSync } from "node:fs";
import { runnerImport } from "vite";

// Writes the public API's OpenAPI document and the MCP server's tools into the build, where GET /api/v1/openapi.json serves it
// (worker/routes/public-api.ts). Vite's module runner loads the Worker's TypeScript as the bundler does.
// The module is checked with the Worker's code (worker/tsconfig.json), not here.
const { module } = await runnerImport<{ publicApiDocument(): unknown; mcpTools(): unknown }>(
  "./scripts/openapi-document.ts",
  {
    configFile: false,
    logLevel: "warn",
  },
);
mkdirSync("dist/api/v1", { recursive: true });
writeFileSync("dist/api/v1/openapi.json", JSON.stringify(module.publicApiDocument()));
console.log("dist/api/v1/openapi.json: the public API's OpenAPI document");
// The same operations as MCP tools, which POST /mcp lists (worker/routes/mcp.ts).
writeFileSync("dist/api/v1/mcp-tools.json", JSON.stringify({ tools: module.mcpTools() }));
console.log("dist/api/v1/mcp-tools.json: the MCP server's tools");
