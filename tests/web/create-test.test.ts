import {
  CONVERSION_MESSAGES,
  LINK_PASSWORD_MESSAGES,
  METRIC_MESSAGES,
  RULE_MESSAGES,
  SCHEDULE_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "@contract/messages";
import { MAX_URL_LENGTH } from "@contract/urls";
import { describe, expect, it } from "vitest";
import { isBlockingSlugState } from "@/features/create-test/slug-check-state";
import {
  type CreateTestValues,
  createTestProblem,
  createTestProblems,
  endProblemOf,
  problemAt,
} from "@/features/create-test/validate-create-test";
import { withHttpsScheme } from "@/lib/split-tests/complete-url";
import { NO_END } from "@/lib/split-tests/end-drafts";
import { newRuleDraft } from "@/lib/split-tests/rule-drafts";
import { draftsOf, hasSameDestinations, urlProblemsOf } from "@/lib/split-tests/variant-drafts";

const valid: CreateTestValues = {
  name: "Spring sale",
  variants: draftsOf([
    { url: "https://a.example/", weight: 50 },
    { url: "https://b.example/", weight: 50 },
  ]),
  conversionUrl: "",
  customSlug: "",
  end: NO_END,
  currency: "",
  revenueDecides: false,
  rules: [],
  fallbackUrl: "",
};

describe("the create form's first problem", () => {
  it("is none for a named test with two URLs", () => {
    expect(createTestProblem(valid, "idle")).toBeNull();
  });

  it("is none for a plain link, unless Optimise mode asks for a second variant", () => {
    const link = { ...valid, variants: draftsOf([{ url: "https://a.example/", weight: 100 }]) };
    expect(createTestProblem(link, "idle")).toBeNull();
    expect(createTestProblems({ ...link, optimise: true }, "idle")).toEqual({
      message: VARIANT_MESSAGES.optimiseNeedsTwo,
      fields: ["weights"],
    });
  });

  it("marks a password shorter than 4 or longer than 100 characters at its field; none is fine", () => {
    for (const password of ["abc", "x".repeat(101)])
      expect(createTestProblems({ ...valid, password }, "idle")).toEqual({
        message: LINK_PASSWORD_MESSAGES.length,
        fields: ["password"],
      });
    for (const password of ["", " a b", "x".repeat(100)])
      expect(createTestProblems({ ...valid, password }, "idle")).toBeNull();
  });

  it("asks for the name first, even when the URLs are missing too", () => {
    expect(createTestProblem({ ...valid, name: "", variants: draftsOf([]) }, "idle")).toBe(
      TEST_MESSAGES.requiredFields,
    );
  });

  it("checks the conversion URL with the variants' URLs", () => {
    expect(createTestProblem({ ...valid, conversionUrl: "thanks" }, "idle")).toBe(TEST_MESSAGES.invalidUrls);
  });

  it("refuses a custom slug that is malformed or taken, and ignores the check without a slug", () => {
    expect(createTestProblem({ ...valid, customSlug: "a b" }, "idle")).toBe(TEST_MESSAGES.fixCustomSlug);
    expect(createTestProblem({ ...valid, customSlug: "spring" }, "taken")).toBe(TEST_MESSAGES.fixCustomSlug);
    expect(createTestProblem({ ...valid, customSlug: "spring" }, "available")).toBeNull();
    expect(createTestProblem(valid, "taken")).toBeNull();
  });

  it("wants a currency when revenue decides, and a real one when typed", () => {
    expect(createTestProblem({ ...valid, revenueDecides: true }, "idle")).toBe(
      METRIC_MESSAGES.currencyRequired,
    );
    expect(createTestProblem({ ...valid, revenueDecides: true, currency: "EUR" }, "idle")).toBeNull();
    expect(createTestProblem({ ...valid, currency: "EURO" }, "idle")).toBe(
      CONVERSION_MESSAGES.invalidCurrency,
    );
  });

  it("then checks the end settings", () => {
    expect(createTestProblem({ ...valid, end: { ...NO_END, endAfterVisitors: "10" } }, "idle")).toBe(
      SCHEDULE_MESSAGES.visitors,
    );
  });

  it("blocks the submit button while the slug is invalid, reserved or taken, not while it is checked", () => {
    expect(
      (["idle", "pending", "invalid", "reserved", "available", "taken", "error"] as const).filter(
        isBlockingSlugState,
      ),
    ).toEqual(["invalid", "reserved", "taken"]);
  });
});

describe("the fields a problem is about", () => {
  it("marks the name and every empty URL with the specification's message", () => {
    const problem = createTestProblems(
      {
        ...valid,
        name: "",
        variants: draftsOf([
          { url: "https://a.example/", weight: 50 },
          { url: " ", weight: 50 },
        ]),
      },
      "idle",
    );
    expect(problem).toEqual({ message: TEST_MESSAGES.requiredFields, fields: ["name", "url-1"] });
    expect(problemAt(problem, "url-1")).toBe(TEST_MESSAGES.requiredFields);
    expect(problemAt(problem, "url-0")).toBeNull();
  });

  it("marks each URL that is not one, the conversion URL too", () => {
    const variants = draftsOf([
      { url: "not a url", weight: 50 },
      { url: "https://b.example/", weight: 50 },
    ]);
    expect(createTestProblems({ ...valid, variants, conversionUrl: "thanks" }, "idle")).toEqual({
      message: TEST_MESSAGES.invalidUrls,
      fields: ["url-0", "conversionUrl"],
      fieldMessages: { "url-0": TEST_MESSAGES.urlNotHttp, conversionUrl: TEST_MESSAGES.urlNotHttp },
    });
  });

  it("says next to each refused address what is wrong with it, the toast keeping the specification's words", () => {
    const variants = draftsOf([
      { url: "https://shopco/a", weight: 50 },
      { url: "shop.example/b", weight: 50 },
    ]);
    const problem = createTestProblems({ ...valid, variants }, "idle");
    expect(problem?.message).toBe(TEST_MESSAGES.invalidUrls);
    expect(problemAt(problem, "url-0")).toBe(TEST_MESSAGES.urlNoDomain);
    expect(problemAt(problem, "url-1")).toBe(TEST_MESSAGES.urlNotHttp);
    expect(urlProblemsOf(variants, TEST_MESSAGES.invalidUrls)).toEqual([
      TEST_MESSAGES.urlNoDomain,
      TEST_MESSAGES.urlNotHttp,
    ]);
    // Local development keeps its hosts.
    const local = draftsOf([
      { url: "http://localhost:3000/a", weight: 50 },
      { url: "http://shop.localhost/b", weight: 50 },
    ]);
    expect(createTestProblems({ ...valid, variants: local }, "idle")).toBeNull();
  });

  it("says next to an address longer than the API takes that it is too long, the conversion URL's too", () => {
    const at = (length: number, path = "a") => `https://shop.example/${path}?q=`.padEnd(length, "x");
    const fits = draftsOf([
      { url: at(MAX_URL_LENGTH), weight: 50 },
      { url: "https://shop.example/b", weight: 50 },
    ]);
    expect(
      createTestProblems({ ...valid, variants: fits, conversionUrl: at(MAX_URL_LENGTH) }, "idle"),
    ).toBeNull();

    const long = draftsOf([
      { url: "https://shop.example/a", weight: 50 },
      { url: at(MAX_URL_LENGTH + 1, "b"), weight: 50 },
    ]);
    const problem = createTestProblems({ ...valid, variants: long }, "idle");
    expect(problem?.message).toBe(TEST_MESSAGES.invalidUrls);
    expect(problemAt(problem, "url-1")).toBe(TEST_MESSAGES.urlTooLong);
    expect(problemAt(problem, "url-0")).toBeNull();
    // The test page's variants editor says it at the same field.
    expect(urlProblemsOf(long, TEST_MESSAGES.invalidUrls)).toEqual([null, TEST_MESSAGES.urlTooLong]);
    const conversion = createTestProblems({ ...valid, conversionUrl: at(MAX_URL_LENGTH + 1) }, "idle");
    expect(conversion?.fieldMessages).toEqual({ conversionUrl: TEST_MESSAGES.urlTooLong });
    // The cap in words is the contract's number.
    expect(TEST_MESSAGES.urlTooLong).toContain(MAX_URL_LENGTH.toLocaleString("en-US"));
  });

  it("notices two versions that send visitors to the same address, to ask before creating", () => {
    const same = draftsOf([
      { url: "https://shop.example/a", weight: 50 },
      { url: "https://shop.example/a", weight: 50 },
    ]);
    expect(hasSameDestinations(same)).toBe(true);
    expect(createTestProblems({ ...valid, variants: same }, "idle")).toBeNull();
    const different = draftsOf([
      { url: "https://shop.example/a", weight: 50 },
      { url: "https://shop.example/b", weight: 50 },
    ]);
    expect(hasSameDestinations(different)).toBe(false);
  });

  it("marks the currency, and the weights with the specification's message", () => {
    expect(createTestProblems({ ...valid, currency: "EURO" }, "idle")?.fields).toEqual(["currency"]);
    const weights = draftsOf([
      { url: "https://a.example/", weight: 60 },
      { url: "https://b.example/", weight: 50 },
    ]);
    const problem = createTestProblems({ ...valid, variants: weights }, "idle");
    expect(problem).toEqual({ message: VARIANT_MESSAGES.total, fields: ["weights"] });
    expect(problemAt(problem, "weights")).toBe(VARIANT_MESSAGES.total);
    expect(urlProblemsOf(weights, VARIANT_MESSAGES.total)).toEqual([null, null]);
  });

  it("marks the end date in the past, or the visitors cap, whichever is wrong", () => {
    const past = createTestProblems({ ...valid, end: { ...NO_END, endsAt: "2020-01-01T12:00" } }, "idle");
    expect(past).toEqual({ message: SCHEDULE_MESSAGES.endsAtPast, fields: ["endsAt"] });
    expect(endProblemOf(past)).toEqual({ message: SCHEDULE_MESSAGES.endsAtPast, field: "endsAt" });
    const few = createTestProblems({ ...valid, end: { ...NO_END, endAfterVisitors: "10" } }, "idle");
    expect(endProblemOf(few)).toEqual({ message: SCHEDULE_MESSAGES.visitors, field: "endAfterVisitors" });
    expect(endProblemOf(createTestProblems({ ...valid, currency: "EURO" }, "idle"))).toBeNull();
  });

  it("marks where in the audience rules the problem is", () => {
    const rule = newRuleDraft();
    const problem = createTestProblems({ ...valid, rules: [rule] }, "idle");
    expect(problem).toEqual({
      message: RULE_MESSAGES.actionUrl,
      fields: ["rules"],
      rules: { message: RULE_MESSAGES.actionUrl, field: "url", rule: 0 },
    });
  });
});

describe("a URL without a scheme", () => {
  it("gets https://", () => {
    expect(withHttpsScheme("shop.example/a")).toBe("https://shop.example/a");
    expect(withHttpsScheme("  shop.example/a ")).toBe("https://shop.example/a");
    expect(withHttpsScheme("//shop.example/a")).toBe("https://shop.example/a");
    expect(withHttpsScheme("localhost:8787/a")).toBe("https://localhost:8787/a");
  });

  it("keeps one with a scheme, and empty stays empty", () => {
    expect(withHttpsScheme("http://shop.example/a")).toBe("http://shop.example/a");
    expect(withHttpsScheme("HTTPS://shop.example/")).toBe("HTTPS://shop.example/");
    expect(withHttpsScheme("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(withHttpsScheme("")).toBe("");
  });
});
