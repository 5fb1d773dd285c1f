import { describe, expect, it } from "vitest";
import { parseScrollPositions } from "@/app/scroll-positions";

describe("the scroll positions a tab saved", () => {
  it("are restored as saved", () => {
    const saved = { abc123: 640, def456: 0 };
    expect(parseScrollPositions(JSON.stringify(saved))).toEqual(saved);
  });

  it("are none when nothing was saved", () => {
    expect(parseScrollPositions(null)).toEqual({});
  });

  it("are none when what is stored is corrupt or of another shape, instead of breaking the page", () => {
    for (const stored of ["{", "", "null", "42", '"text"', "[1,2]", "true"])
      expect(parseScrollPositions(stored), stored).toEqual({});
  });

  it("leave out a position that is not a number", () => {
    expect(parseScrollPositions('{"a":120,"b":"120","c":null,"d":{},"e":1e999}')).toEqual({ a: 120 });
  });
});
