import { RULE_MESSAGES } from "@contract/messages";
import type { Rule } from "@contract/rules";
import { describe, expect, it } from "vitest";
import {
  canAddCondition,
  canAddRule,
  draftSummary,
  moved,
  newConditionDraft,
  newRuleDraft,
  nextConditionDraft,
  type RuleDraft,
  ruleDraftsOf,
  ruleDraftsProblem,
  ruleDraftsProblemAt,
  rulesInput,
  rulesOf,
  withConditionType,
} from "@/lib/split-tests/rule-drafts";

const saved: Rule[] = [
  {
    conditions: [
      { type: "device", value: "mobile" },
      { type: "country", value: "DE" },
    ],
    action: { type: "redirect", url: "https://m.example/de" },
  },
  {
    conditions: [{ type: "query", name: "utm_source", value: "newsletter" }],
    action: { type: "experiment" },
  },
];

describe("the audience rules editor", () => {
  it("opens a test's rules as they were saved, and sends them back unchanged", () => {
    const drafts = ruleDraftsOf(saved);
    expect(drafts.map((draft) => draft.action)).toEqual(["redirect", "experiment"]);
    expect(rulesOf(drafts)).toEqual(saved);
  });

  it("starts a new rule with mobile visitors, sent to a URL still to be typed", () => {
    const draft = newRuleDraft();
    expect(draft.conditions.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: "device", value: "mobile" },
    ]);
    expect(draftSummary(draft)).toBe("Mobile visitors → …");
    expect(draftSummary({ ...draft, url: "https://m.example/" })).toBe(
      "Mobile visitors → https://m.example/",
    );
  });

  it("adds a fresh condition of a type the rule does not test yet, not a copy of the first", () => {
    const rule = newRuleDraft();
    const second = nextConditionDraft(rule);
    expect(second.type).toBe("os");
    expect(second.key).not.toBe(rule.conditions[0]?.key);
    const two = { ...rule, conditions: [...rule.conditions, second] };
    expect(draftSummary(two)).not.toMatch(/Mobile and Mobile/);
    expect(nextConditionDraft(two).type).toBe("language");
    const all = ["device", "os", "language", "country", "query", "referrer"] as const;
    const full = { ...rule, conditions: all.map((type) => newConditionDraft(type)) };
    expect(nextConditionDraft(full)).toMatchObject({ type: "query", value: "", name: "" });
  });

  it("starts a condition's value over when its type changes, from the new type's first choice", () => {
    const device = newConditionDraft("device");
    expect(withConditionType({ ...device, value: "tablet" }, "os").value).toBe("ios");
    const query = withConditionType({ ...newConditionDraft("query"), name: "ref", value: "x" }, "country");
    expect(query).toMatchObject({ type: "country", value: "", name: "", key: query.key });
  });

  it("sends the rules trimmed and normalized: countries upper case, values lower case", () => {
    const [draft] = ruleDraftsOf(saved);
    const typed: RuleDraft = {
      ...(draft as RuleDraft),
      conditions: [
        { ...newConditionDraft("country"), value: " fr " },
        { ...newConditionDraft("os"), value: "MacOS" },
      ],
      url: " https://m.example/fr ",
    };
    expect(rulesOf([typed])).toEqual([
      {
        conditions: [
          { type: "country", value: "FR" },
          { type: "os", value: "macos" },
        ],
        action: { type: "redirect", url: "https://m.example/fr" },
      },
    ]);
    expect(draftSummary(typed)).toBe("Visitors from FR on macOS → https://m.example/fr");
  });

  it("moves a rule up or down one place, and leaves the list as it is at either end", () => {
    expect(moved(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("allows at most 20 rules of at most 10 conditions", () => {
    const rule = newRuleDraft();
    expect(canAddRule(Array.from({ length: 19 }, newRuleDraft))).toBe(true);
    expect(canAddRule(Array.from({ length: 20 }, newRuleDraft))).toBe(false);
    expect(
      canAddCondition({ ...rule, conditions: Array.from({ length: 9 }, () => newConditionDraft()) }),
    ).toBe(true);
    expect(
      canAddCondition({ ...rule, conditions: Array.from({ length: 10 }, () => newConditionDraft()) }),
    ).toBe(false);
  });
});

describe("the fallback URL and the rules' problem", () => {
  const redirectOnly = ruleDraftsOf(saved.slice(0, 1));
  const joining = ruleDraftsOf(saved);

  it("counts the fallback URL only while a rule joins the experiment", () => {
    expect(rulesInput(redirectOnly, "https://fallback.example/").fallbackUrl).toBeNull();
    expect(rulesInput(joining, " https://fallback.example/ ").fallbackUrl).toBe("https://fallback.example/");
    expect(rulesInput(joining, "  ").fallbackUrl).toBeNull();
  });

  it("asks for a fallback URL when a rule joins the experiment, and for a valid one", () => {
    expect(ruleDraftsProblem(redirectOnly, "")).toBeNull();
    expect(ruleDraftsProblem(joining, "")).toBe(RULE_MESSAGES.fallbackNeeded);
    expect(ruleDraftsProblem(joining, "fallback.example")).toBe(RULE_MESSAGES.fallbackUrl);
    expect(ruleDraftsProblem(joining, "https://fallback.example/")).toBeNull();
  });

  it("says where the first problem is: a condition, a rule's URL, or the fallback URL", () => {
    const fine = { ...newRuleDraft(), url: "https://shop.example/app" };
    const country = {
      ...fine,
      conditions: [...fine.conditions, { ...newConditionDraft("country"), value: "Germany" }],
    };
    expect(ruleDraftsProblemAt([fine, country], "")).toEqual({
      message: RULE_MESSAGES.country,
      field: "condition",
      rule: 1,
      condition: 1,
    });
    expect(ruleDraftsProblemAt([fine, newRuleDraft()], "")).toEqual({
      message: RULE_MESSAGES.actionUrl,
      field: "url",
      rule: 1,
    });
    const joins = { ...fine, action: "experiment" as const };
    expect(ruleDraftsProblemAt([joins], "")).toEqual({
      message: RULE_MESSAGES.fallbackNeeded,
      field: "fallback",
    });
    expect(ruleDraftsProblemAt([fine], "")).toBeNull();
  });

  it("asks for the URL a redirect rule sends visitors to", () => {
    expect(ruleDraftsProblem([newRuleDraft()], "")).toBe(RULE_MESSAGES.actionUrl);
  });
});
