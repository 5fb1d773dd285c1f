// Completes package-lock.json with the other platforms' optional builds (Biome's, Tailwind oxide's,
// workerd's) that `npm install` leaves out when the registry it reaches lacks them: without their
// entries `npm ci` refuses the lock on every machine. Each missing entry gets the version its
// dependent asks for, `optional: true` and the `os`/`cpu`/`libc` its name states, so npm installs it
// only on that platform (fetching it then from the registry) and skips it everywhere else.
//
//   node scripts/complete-lock.mjs          adds what is missing (run after each lock change;
//                                           `npm install` runs it as the postinstall step)
//   node scripts/complete-lock.mjs --check  fails, listing them, if any are missing (CI)
//
// Plain JavaScript so that it runs before `npm ci` on any Node.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const LOCK = fileURLToPath(new URL("../package-lock.json", import.meta.url));

const OS = {
  android: "android",
  darwin: "darwin",
  freebsd: "freebsd",
  linux: "linux",
  win32: "win32",
  windows: "win32",
};
const CPU = { arm64: "arm64", x64: "x64", 64: "x64", arm: "arm", ia32: "ia32", wasm32: "wasm32" };
const LIBC = { musl: "musl", gnu: "glibc", gnueabihf: "glibc" };

/** The platform a build's name states, e.g. `@tailwindcss/oxide-linux-arm64-musl` or `@cloudflare/workerd-windows-64`. */
function platformOf(name) {
  const words = name.slice(name.lastIndexOf("/") + 1).split("-");
  const os = words.map((word) => OS[word]).find(Boolean);
  const cpu = words.map((word) => CPU[word]).find(Boolean);
  const libc = words.map((word) => LIBC[word]).find(Boolean);
  if (!cpu || (!os && cpu !== "wasm32")) {
    throw new Error(`${name}: no platform in its name; add its entry to package-lock.json by hand`);
  }
  return { ...(os && { os: [os] }), cpu: [cpu], ...(libc && { libc: [libc] }) };
}

/** Where npm looks for `name` from the package at `from`: its own node_modules, then each parent's. */
function resolve(packages, from, name) {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules/")))) {
    const path = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[path]) return path;
    if (!dir) return undefined;
  }
}

/** The lock's missing optional platform packages, as [path, entry] pairs to add. */
function missingEntries(lock) {
  const packages = lock.packages;
  const missing = [];
  for (const [from, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolve(packages, from, name)) continue;
      // Beside its dependent, as npm would place it.
      const path = `${from.slice(0, from.lastIndexOf("node_modules/"))}node_modules/${name}`;
      const flags = Object.fromEntries(
        ["dev", "devOptional", "peer"].filter((f) => entry[f]).map((f) => [f, true]),
      );
      // Keys in npm's order (version, then alphabetical), so that `npm install` leaves the file as is.
      const fields = { ...flags, optional: true, ...platformOf(name) };
      const sorted = Object.keys(fields)
        .sort()
        .map((key) => [key, fields[key]]);
      missing.push([path, { version, ...Object.fromEntries(sorted) }]);
    }
  }
  return missing;
}

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const missing = missingEntries(lock);
if (process.argv.includes("--check")) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} optional platform packages, so \`npm ci\` would refuse it:\n` +
        missing.map(([path, entry]) => `  ${path}@${entry.version}`).join("\n") +
        "\nRun `node scripts/complete-lock.mjs` and commit package-lock.json.",
    );
    process.exit(1);
  }
  console.log("package-lock.json lists every optional platform package: `npm ci` accepts it");
} else if (missing.length > 0) {
  for (const [path, entry] of missing) lock.packages[path] = entry;
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, "en")),
  );
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${missing.length} optional platform packages for \`npm ci\``);
}
