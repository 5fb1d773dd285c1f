import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import source from "../../web/tag/t.js?raw";

// Browsers of the last five years all run ES2017; the tag must use nothing newer.
const ES2017 = { ecmaVersion: 2017, sourceType: "script" } as const;

describe("the tag web/tag/t.js", () => {
  it("parses as ES2017", () => {
    expect(() => parse(source, ES2017)).not.toThrow();
  });

  it("would be caught using newer syntax", () => {
    expect(() => parse("var a = window.x?.y;", ES2017)).toThrow();
    expect(() => parse("var a = window.x ?? 1;", ES2017)).toThrow();
    expect(() => parse("try {} catch {}", ES2017)).toThrow();
  });
});
