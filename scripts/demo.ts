// `npm run demo`: a demo account with three split tests and their traffic in the running app
// (`npm start`, http://localhost:8787; DEMO_URL for another address). Safe to run again: it starts
// the demo tests over. See scripts/demo-account.ts.
import { createDemoAccount, DEMO_EMAIL, DEMO_PASSWORD } from "./demo-account.ts";

const origin = (process.env.DEMO_URL ?? "http://localhost:8787").replace(/\/$/, "");
// The demo's password is public: its account belongs on this machine only.
const { hostname } = new URL(origin);
if (!["localhost", "127.0.0.1", "[::1]"].includes(hostname) && !hostname.endsWith(".localhost")) {
  console.error(`npm run demo fills a local app only (localhost), not ${origin}.`);
  process.exit(1);
}
try {
  await fetch(`${origin}/api/health`);
} catch {
  console.error(
    `Nothing answers at ${origin}. Start the app first with \`npm start\`, then run \`npm run demo\`.`,
  );
  process.exit(1);
}
await createDemoAccount(origin, (line) => console.log(line));
console.log(`\nThe dashboard is ready: open ${origin}/login and log in with
  email:    ${DEMO_EMAIL}
  password: ${DEMO_PASSWORD}`);
