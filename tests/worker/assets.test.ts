import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import headersFile from "../../web/public/_headers?raw";
import { htmlSecurityHeaders } from "../../worker/middleware/security-headers";

/** The headers `_headers` gives a path pattern (Cloudflare's format: a pattern, then indented `Name: value` lines). */
function rule(text: string, pattern: string): Map<string, string> {
  const headers = new Map<string, string>();
  let inRule = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!/^\s/.test(line)) inRule = line.trim() === pattern;
    else if (inRule) {
      const index = line.indexOf(":");
      headers.set(line.slice(0, index).trim().toLowerCase(), line.slice(index + 1).trim());
    }
  }
  return headers;
}

describe("files under /assets/ (served without the Worker)", () => {
  it("carry the HTML pages' security headers, so the SPA shell for an unknown path cannot be framed", async () => {
    const page = await new Hono().get("/", htmlSecurityHeaders, (c) => c.html("")).request("/");
    const expected = new Map([...page.headers].filter(([name]) => name !== "content-type"));
    expect(expected.get("x-frame-options")).toBe("DENY");
    expect(rule(headersFile, "/assets/*")).toEqual(expected);
  });
});
