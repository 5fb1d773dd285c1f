// Local runs need the Worker's secrets and the local outbox; write a .dev.vars with fresh random secrets
// if there is none, and add settings introduced since an existing one was written.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const file = new URL("../.dev.vars", import.meta.url);
if (!existsSync(file)) {
  writeFileSync(file, `JWT_SECRET=${randomBytes(32).toString("base64url")}\n`);
  console.log("Wrote .dev.vars with a new local JWT_SECRET");
}
// Without MAIL_API_KEY, emails go to the local outbox (console and http://localhost:8787/dev/outbox).
// Never set DEV_OUTBOX in production: it is what turns that page on.
if (!/^DEV_OUTBOX=/m.test(readFileSync(file, "utf8"))) {
  appendFileSync(file, "DEV_OUTBOX=true\n");
  console.log("Added DEV_OUTBOX=true to .dev.vars: emails go to http://localhost:8787/dev/outbox");
}
