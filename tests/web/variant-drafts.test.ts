import { TEST_MESSAGES, VARIANT_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import {
  canAddDraft,
  canRemoveDraftAt,
  destinationProblemMessage,
  draftsOf,
  emptyDrafts,
  isEvenSplit,
  type VariantDraft,
  variantInputs,
  variantsProblem,
  weightsDraftProblem,
  weightTotal,
  withDraftAdded,
  withDraftRemoved,
} from "@/lib/split-tests/variant-drafts";

const typed = (...rows: [url: string, weight: string][]): VariantDraft[] =>
  draftsOf(rows.map(([url]) => ({ url, weight: 0 }))).map((draft, index) => ({
    ...draft,
    weight: rows[index]?.[1] ?? "",
  }));

describe("the variants editor", () => {
  it("starts a new test with A and B, empty, split 50/50", () => {
    const drafts = emptyDrafts();
    expect(drafts.map(({ url, weight }) => ({ url, weight }))).toEqual([
      { url: "", weight: "50" },
      { url: "", weight: "50" },
    ]);
    expect(isEvenSplit(drafts)).toBe(true);
  });

  it("opens a saved test's variants as they were saved, and sends them back unchanged", () => {
    const saved = [
      { url: "https://a.example/", weight: 70 },
      { url: "https://b.example/", weight: 30 },
    ];
    const drafts = draftsOf(saved);
    expect(drafts.map((draft) => draft.weight)).toEqual(["70", "30"]);
    expect(variantInputs(drafts)).toEqual(saved);
    expect(isEvenSplit(drafts)).toBe(false);
  });

  it("keeps a variant's name, trimmed, and sends none for an empty one", () => {
    const drafts = draftsOf([
      { url: "https://a.example/", weight: 50, name: null },
      { url: "https://b.example/", weight: 50, name: "Red button" },
    ]);
    expect(drafts.map((draft) => draft.name)).toEqual(["", "Red button"]);
    const renamed = drafts.map((draft, i) =>
      i === 0 ? { ...draft, name: "  Control " } : { ...draft, name: " " },
    );
    expect(variantInputs(renamed)).toEqual([
      { url: "https://a.example/", weight: 50, name: "Control" },
      { url: "https://b.example/", weight: 50 },
    ]);
  });

  it("gives every row its own key, which stays with the row when another is removed", () => {
    const drafts = withDraftAdded(withDraftAdded(emptyDrafts()));
    expect(new Set(drafts.map((draft) => draft.key)).size).toBe(4);
    const [, , third, fourth] = drafts;
    const after = withDraftRemoved(drafts, third?.key ?? -1);
    expect(after.map((draft) => draft.key)).not.toContain(third?.key);
    expect(after.at(-1)?.key).toBe(fourth?.key);
  });

  it("splits the traffic evenly again when a variant is added or removed, the remainder to the first", () => {
    const three = withDraftAdded(typed(["https://a.example/", "80"], ["https://b.example/", "20"]));
    expect(three.map((draft) => draft.weight)).toEqual(["34", "33", "33"]);
    expect(three.map((draft) => draft.url)).toEqual(["https://a.example/", "https://b.example/", ""]);
    const two = withDraftRemoved(three, three[2]?.key ?? -1);
    expect(two.map((draft) => draft.weight)).toEqual(["50", "50"]);
  });

  it("allows at most eight variants and never removes A; without B it is a plain link at 100", () => {
    let drafts = emptyDrafts();
    while (canAddDraft(drafts)) drafts = withDraftAdded(drafts);
    expect(drafts).toHaveLength(8);
    expect([0, 1, 2, 7].map(canRemoveDraftAt)).toEqual([false, true, true, true]);
    const two = emptyDrafts();
    const link = withDraftRemoved(two, two[1]?.key ?? 0);
    expect(link.map((d) => d.weight)).toEqual(["100"]);
    expect(weightsDraftProblem(link)).toBeNull();
  });

  it("adds up the weights as typed, a half-typed weight counting as 0", () => {
    expect(weightTotal(typed(["", "60"], ["", "30"], ["", ""]))).toBe(90);
    expect(weightTotal(typed(["", "60"], ["", "4x"]))).toBe(60);
    expect(weightTotal(typed(["", " 60 "], ["", "40"]))).toBe(100);
  });

  it("trims the URLs it sends", () => {
    expect(variantInputs(typed([" https://a.example/ ", "50"]))).toEqual([
      { url: "https://a.example/", weight: 50 },
    ]);
  });
});

describe("the variants' first problem, as the form shows it", () => {
  const a = "https://a.example/";
  const b = "https://b.example/";

  it("is none for two URLs split 50/50", () => {
    expect(variantsProblem(typed([a, "50"], [b, "50"]))).toBeNull();
  });

  it("asks for every URL first, even a blank one", () => {
    expect(variantsProblem(typed([a, "50"], ["  ", "50"]))).toBe(TEST_MESSAGES.requiredFields);
    expect(variantsProblem(typed([a, "1"], ["", "1"]))).toBe(TEST_MESSAGES.requiredFields);
  });

  it("then wants http(s) URLs, the conversion URL included", () => {
    expect(variantsProblem(typed([a, "50"], ["b.example", "50"]))).toBe(TEST_MESSAGES.invalidUrls);
    expect(variantsProblem(typed([a, "50"], [b, "50"]), ["javascript:alert(1)"])).toBe(
      TEST_MESSAGES.invalidUrls,
    );
  });

  it("then whole weights from 1 to 99 that add up to 100", () => {
    expect(variantsProblem(typed([a, "100"], [b, "0"]))).toBe(VARIANT_MESSAGES.weight);
    expect(variantsProblem(typed([a, "50.5"], [b, "49.5"]))).toBe(VARIANT_MESSAGES.weight);
    expect(variantsProblem(typed([a, ""], [b, "50"]))).toBe(VARIANT_MESSAGES.weight);
    expect(variantsProblem(typed([a, "60"], [b, "30"]))).toBe(VARIANT_MESSAGES.total);
  });
});

describe("a version's destination", () => {
  it("is refused when it is a link of this app itself, which would send visitors round in a loop", () => {
    const appHost = "app.splitlink.test";
    expect(destinationProblemMessage("https://app.splitlink.test/r/spring-sale", appHost)).toBe(
      TEST_MESSAGES.urlLoops,
    );
    expect(destinationProblemMessage("https://shop.example/spring", appHost)).toBeNull();
    // Another port of the same name is another site (local servers side by side).
    expect(destinationProblemMessage("http://localhost:8788/r/x", "localhost:8787")).toBeNull();
    expect(destinationProblemMessage("https://shopco", appHost)).toBe(TEST_MESSAGES.urlNoDomain);
  });
});
