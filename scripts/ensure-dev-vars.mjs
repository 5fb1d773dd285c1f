// Local runs need the Worker's secret: write a .dev.vars with a fresh random JWT_SECRET if there is none.
// (Wrangler reads only the secrets wrangler.toml lists from .dev.vars, so `npm run dev` passes the local
// outbox switch, DEV_OUTBOX, on its command line instead.)
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

const file = new URL("../.dev.vars", import.meta.url);
if (!existsSync(file)) {
  writeFileSync(file, `JWT_SECRET=${randomBytes(32).toString("base64url")}\n`);
  console.log("Wrote .dev.vars with a new local JWT_SECRET");
}
