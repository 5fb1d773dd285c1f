import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

// Lints the built OpenAPI document (dist/api/v1/openapi.json, from `npm run build`) with two tools
// others use on it: Spectral with its OpenAPI ruleset (`.spectral.yaml`: spectral:oas, bundled with the
// CLI) and Redocly CLI with its recommended rules (`redocly.yaml`). Either fails on an error. Offline:
// neither config names a remote ruleset, and Redocly sends no usage data and looks up no new version.
const DOCUMENT = "dist/api/v1/openapi.json";
if (!existsSync(DOCUMENT)) throw new Error(`${DOCUMENT} is missing: run npm run build first`);

const env = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
};
for (const [tool, args] of [
  ["spectral", ["lint", "--ruleset", ".spectral.yaml", "--fail-severity", "error", DOCUMENT]],
  ["redocly", ["lint", "--config", "redocly.yaml", DOCUMENT]],
] as const) {
  console.log(`${tool} lint ${DOCUMENT}`);
  execFileSync(`node_modules/.bin/${tool}`, args, { env, stdio: "inherit" });
}
