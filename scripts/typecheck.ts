// `npm run typecheck`: each TypeScript project, and the Worker's generated binding types, checked at once.
// tsc uses one core; side by side on two cores the checks take the longest one's time, not the sum.
import { spawn } from "node:child_process";
import { OFFLINE_ENV, outputOf } from "./processes.ts";

const CHECKS = [
  ["tsc", "-p", "worker"],
  ["tsc", "-p", "web"],
  ["tsc", "-p", "scripts"],
  ["tsc", "-p", "integrations"],
  ["wrangler", "types", "worker/worker-configuration.d.ts", "--strict-vars=false", "--check"],
];

function check(command: string[]): Promise<{ command: string; ok: boolean; output: string }> {
  const [program = "", ...args] = command;
  const child = spawn(program, args, { env: OFFLINE_ENV, stdio: ["ignore", "pipe", "pipe"] });
  const output = outputOf(child);
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ command: command.join(" "), ok: false, output: String(error) }));
    child.once("exit", (code) => resolve({ command: command.join(" "), ok: code === 0, output: output() }));
  });
}

const results = await Promise.all(CHECKS.map(check));
for (const { command, ok, output } of results) {
  console.log(`${ok ? "ok" : "FAILED"}  ${command}`);
  if (!ok) console.log(output);
}
if (results.some((result) => !result.ok)) process.exit(1);
