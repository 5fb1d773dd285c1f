// Local runs need the Worker's secrets; write a .dev.vars with fresh random ones if there is none.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

const file = new URL("../.dev.vars", import.meta.url);
if (!existsSync(file)) {
  writeFileSync(file, `JWT_SECRET=${randomBytes(32).toString("base64url")}\n`);
  console.log("Wrote .dev.vars with a new local JWT_SECRET");
}
