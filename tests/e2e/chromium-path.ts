import { existsSync } from "node:fs";

// Where a Chromium usually is when the machine has one (Debian, Ubuntu, Chrome on Linux and macOS).
const SYSTEM_CHROMIUMS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/**
 * The Chromium the browser tests and benchmarks drive: `CHROMIUM_PATH` if set, else a system Chromium
 * if the machine has one, else the one npm installed with the dev dependencies (@sparticuz/chromium,
 * Linux x64), unpacked into the temp folder on first use.
 */
export async function chromiumPath({
  env = process.env,
  systemChromiums = SYSTEM_CHROMIUMS,
}: {
  env?: NodeJS.ProcessEnv;
  systemChromiums?: string[];
} = {}): Promise<string> {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) {
      throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, but there is no such file.`);
    }
    return env.CHROMIUM_PATH;
  }
  const system = systemChromiums.find((path) => existsSync(path));
  if (system) return system;
  if (process.platform === "linux" && process.arch === "x64") {
    const { default: packaged } = await import("@sparticuz/chromium");
    return packaged.executablePath();
  }
  throw new Error(
    `No Chromium found for the browser tests. The one npm installs (@sparticuz/chromium) runs on Linux x64 only, and this is ${process.platform} ${process.arch}: install Chromium or Google Chrome, and set CHROMIUM_PATH to its executable if it is not at ${systemChromiums.join(", ")}.`,
  );
}
