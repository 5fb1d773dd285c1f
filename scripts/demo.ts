// `npm run demo`: a demo account with three split tests and their traffic in the running app
// (`npm start`, http://localhost:8787; DEMO_URL for another address). Safe to run again: it starts
// the demo tests over. See scripts/demo-account.ts.
import { createDemoAccount, DEMO_EMAIL, DEMO_PASSWORD } from "./demo-account.ts";

const origin = (process.env.DEMO_URL ?? "http://localhost:8787").replace(/\/$/, "");
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
