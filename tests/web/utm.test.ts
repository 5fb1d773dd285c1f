import { UTM_MESSAGES } from "@contract/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasUtm,
  UTM_URL_PROBLEM,
  utmProblemsOf,
  utmValuesOf,
  withContentRenamed,
  withUtmTemplate,
  withUtmValue,
  withUtmValues,
} from "@/lib/split-tests/utm";
import { destinationProblemMessage } from "@/lib/split-tests/variant-drafts";

// Issue #49, point 6: the UTM builder reads a destination's UTM parameters from its URL and writes them
// back, the URL staying the one thing the form sends.

const SPRING = { source: "newsletter", medium: "email", campaign: "spring-sale", term: "" };

describe("the UTM builder's URL", () => {
  it("reads the five UTM values, decoded, and empty where the URL has none", () => {
    expect(
      utmValuesOf(
        "https://shop.example/p?ref=x&utm_source=news+letter&utm_campaign=caf%C3%A9&utm_content=Red#top",
      ),
    ).toEqual({ source: "news letter", medium: "", campaign: "café", content: "Red", term: "" });
    expect(utmValuesOf("https://shop.example/p")).toEqual({
      source: "",
      medium: "",
      campaign: "",
      content: "",
      term: "",
    });
    // A URL still being typed (no scheme yet) and a broken escape are read as they are.
    expect(utmValuesOf("shop.example/p?utm_source=%E0%A4")).toMatchObject({ source: "%E0%A4" });
  });

  it("writes values where they stood, adds new ones at the end and keeps every other parameter as written", () => {
    const url = "https://shop.example/p?ref=a%2Fb&flag&utm_source=old&q=x+y&utm_source=dup#section";
    expect(withUtmValues(url, { source: "newsletter", medium: "email" })).toBe(
      "https://shop.example/p?ref=a%2Fb&flag&utm_source=newsletter&q=x+y&utm_medium=email#section",
    );
    expect(withUtmValues("https://shop.example/p", { campaign: "spring sale & more" })).toBe(
      "https://shop.example/p?utm_campaign=spring%20sale%20%26%20more",
    );
    // An empty value removes the parameter; a query left empty goes with it, a fragment stays.
    expect(withUtmValues("https://shop.example/p?utm_source=x#top", { source: "  " })).toBe(
      "https://shop.example/p#top",
    );
    expect(withUtmValues("https://shop.example/p?ref=1&utm_term=shoes", { term: "" })).toBe(
      "https://shop.example/p?ref=1",
    );
  });

  it("keeps any other query as it is, whatever it holds", () => {
    const segment = fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9_.-]{0,8}$/), fc.stringMatching(/^[a-zA-Z0-9%+.~-]{0,8}$/))
      .filter(([name]) => !name.startsWith("utm_"))
      .map(([name, value]) => `${name}=${value}`);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.string({ maxLength: 20 }), (others, value) => {
        const url = `https://shop.example/p${others.length ? `?${others.join("&")}` : ""}`;
        const tagged = withUtmValues(url, { source: value, content: "Red" });
        expect(utmValuesOf(tagged).source).toBe(value.trim() === "" ? "" : value);
        expect(utmValuesOf(tagged).content).toBe("Red");
        expect(withUtmValues(tagged, { source: "", content: "" })).toBe(url);
      }),
    );
  });

  it("gives utm_content the variant's name when the first UTM value is typed, and only then", () => {
    const started = withUtmValue("https://shop.example/p", "source", "newsletter", "Red button");
    expect(started).toBe("https://shop.example/p?utm_source=newsletter&utm_content=Red%20button");
    expect(utmValuesOf(started)).toMatchObject({ source: "newsletter", content: "Red button" });
    // Cleared by hand, it stays cleared as the other fields change.
    const cleared = withUtmValue(started, "content", "", "Red button");
    expect(utmValuesOf(withUtmValue(cleared, "medium", "email", "Red button")).content).toBe("");
    // A variant without a name gets no content.
    expect(withUtmValue("https://shop.example/p", "source", "x", "")).toBe(
      "https://shop.example/p?utm_source=x",
    );
  });

  it("applies a template: its four values replace the last ones, content is the variant's name unless set", () => {
    const url = "https://shop.example/p?ref=1&utm_term=old";
    const applied = withUtmTemplate(url, SPRING, "Red button");
    expect(utmValuesOf(applied)).toEqual({ ...SPRING, content: "Red button" });
    expect(applied.startsWith("https://shop.example/p?ref=1&")).toBe(true);
    const own = withUtmTemplate("https://shop.example/p?utm_content=hero", SPRING, "Red button");
    expect(utmValuesOf(own).content).toBe("hero");
    expect(hasUtm(applied)).toBe(true);
    expect(hasUtm("https://shop.example/p?ref=1")).toBe(false);
  });

  it("lets utm_content follow a renamed variant, not content typed by hand", () => {
    const named = withUtmTemplate("https://shop.example/p", SPRING, "Red");
    expect(utmValuesOf(withContentRenamed(named, "Red", "Red button")).content).toBe("Red button");
    const typed = withUtmValues(named, { content: "hero-banner" });
    expect(withContentRenamed(typed, "Red", "Red button")).toBe(typed);
    // A variant named later gets it; a URL without UTM values gets nothing.
    const unnamed = withUtmTemplate("https://shop.example/p", SPRING, "");
    expect(utmValuesOf(withContentRenamed(unnamed, "", "B")).content).toBe("B");
    expect(withContentRenamed("https://shop.example/p", "", "B")).toBe("https://shop.example/p");
  });

  it("says what is wrong with a value, and the URL's field points to it", () => {
    const long = withUtmValues("https://shop.example/p", { source: "s".repeat(101) });
    expect(utmProblemsOf(long)).toEqual({ source: UTM_MESSAGES.valueTooLong });
    expect(utmProblemsOf("https://shop.example/p?utm_medium=email%0ABcc")).toEqual({
      medium: UTM_MESSAGES.valueUnsafe,
    });
    expect(utmProblemsOf(withUtmValues("https://shop.example/p", { source: "s".repeat(100) }))).toEqual({});
    expect(destinationProblemMessage(long, "app.example")).toBe(UTM_URL_PROBLEM);
    expect(destinationProblemMessage("https://shop.example/p?utm_source=ok", "app.example")).toBeNull();
  });
});
