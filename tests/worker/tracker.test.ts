import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import { Client } from "./helpers";

// Browsers of the last five years all run ES2017; the tracker must use nothing newer.
const ES2017 = { ecmaVersion: 2017, sourceType: "script" } as const;

describe("the tracker t.js", () => {
  it("is served as a script that parses as ES2017", async () => {
    const response = await new Client().fetch("/t.js");
    expect(response.status).toBe(200);
    const source = await response.text();
    expect(() => parse(source, ES2017)).not.toThrow();
  });

  it("would be caught using newer syntax", () => {
    expect(() => parse("var a = window.x?.y;", ES2017)).toThrow();
    expect(() => parse("var a = window.x ?? 1;", ES2017)).toThrow();
    expect(() => parse("try {} catch {}", ES2017)).toThrow();
  });
});
