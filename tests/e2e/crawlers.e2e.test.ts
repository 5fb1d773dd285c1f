import { describe, expect, inject, it } from "vitest";

// What crawlers, agents and browsers ask the app host for besides pages.
const baseURL = inject("baseURL");
const get = (path: string) => fetch(new URL(path, baseURL), { redirect: "manual" });

describe("files crawlers and browsers ask for", () => {
  it("gives an unknown /assets/* path, answered by the asset router without the Worker, headers that forbid framing", async () => {
    const response = await get(`/assets/no-such-file-${Date.now()}.js`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers /robots.txt as a robots file whose every line is a valid rule or a comment", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").filter((line) => line.trim() !== "");
    const invalid = lines.filter(
      (line) => !line.startsWith("#") && !/^(user-agent|allow|disallow|sitemap):\s*\S*$/i.test(line),
    );
    expect(invalid).toEqual([]);
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /api/");
  });

  it("serves every icon the pages and the web manifest name, as images", async () => {
    const html = await (await get("/")).text();
    const linked = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map(
      ([, href]) => href ?? "",
    );
    const manifestPath = html.match(/<link rel="manifest" href="([^"]+)"/)?.[1];
    expect(manifestPath).toBeDefined();
    const manifest = (await (await get(manifestPath ?? "")).json()) as {
      name: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe("SplitLink");
    const icons = [...new Set(["/favicon.ico", ...linked, ...manifest.icons.map((icon) => icon.src)])];
    expect(icons.length).toBeGreaterThanOrEqual(5);
    for (const icon of icons) {
      const response = await get(icon);
      expect(`${icon}: ${response.status} ${response.headers.get("content-type")}`).toMatch(
        new RegExp(`^${icon.replaceAll(".", "\\.")}: 200 image/`),
      );
    }
  });

  it("answers 404 for a file it does not have, not the app's page", async () => {
    for (const path of [
      "/llms.txt",
      "/sitemap.xml",
      "/.well-known/ai-catalog.json",
      "/.well-known/security",
    ]) {
      const response = await get(path);
      expect(`${path}: ${response.status}`).toBe(`${path}: 404`);
      expect(response.headers.get("content-type")).not.toMatch(/html/);
    }
    // The app's screens still load.
    expect((await get("/dashboard")).status).toBe(200);
  });
});
