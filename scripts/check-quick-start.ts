// README's quick start as a newcomer runs it, after `npm ci`: `npm start` serves the app (here on a
// free port) and `npm run demo` fills a dashboard in it. Fails, with their output, when either stops
// working. Run by .ci/run: `npm exec -- node scripts/check-quick-start.ts`.
import { execFileSync, spawn } from "node:child_process";
import { freePort, waitUntilServing } from "./local-server.ts";
import { outputOf } from "./processes.ts";

const port = await freePort();
const url = `http://localhost:${port}`;
// Its own process group, so that stopping it stops wrangler and workerd too.
const app = spawn("npm", ["start"], { env: { ...process.env, PORT: String(port) }, detached: true });
const log = outputOf(app);
try {
  // `npm start` builds and migrates every database before it serves: 1.5 min on 2 cores (docs/fresh-machine.md).
  await waitUntilServing(`${url}/api/health`, app, log, 300);
  console.log(`npm start: serving ${url}`);
  const demo = execFileSync("npm", ["run", "demo"], {
    env: { ...process.env, DEMO_URL: url },
    encoding: "utf8",
  });
  if (!demo.includes("The dashboard is ready")) throw new Error(`npm run demo printed:\n${demo}`);
  console.log(`npm run demo:\n${demo}`);
} catch (error) {
  // What the Worker logged as errors (a 500 logs its exception with the request id the answer carries).
  const errors = log()
    .split("\n")
    .filter((line) => line.includes('"level":"error"'));
  console.error(`npm start logged ${errors.length} error lines:\n${errors.join("\n")}`);
  throw error;
} finally {
  if (app.pid) process.kill(-app.pid, "SIGTERM");
}
