import { describe, expect, it } from "vitest";
import { promoteWording } from "@/features/test-detail/lifecycle/promote-wording";

const variants = [
  { label: "A", name: null },
  { label: "B", name: null },
  { label: "C", name: "Red button" },
] as const;

describe("the promote controls' words", () => {
  it("say 'winner' only for the version the verdict names", () => {
    const decided = promoteWording({ decided: true, leading: "B", choice: "B", variants });
    expect(decided.trigger).toBe("Promote winner");
    expect(decided.submit).toBe("Promote the winner, version B");
    expect(promoteWording({ decided: true, leading: "B", choice: "C", variants }).submit).toBe(
      "Promote version C · Red button",
    );
    expect(promoteWording({ decided: true, leading: "B", choice: "A", variants }).submit).toBe(
      "Promote version A",
    );
  });

  it("name no winner before the verdict, even for the version ahead", () => {
    const undecided = promoteWording({ decided: false, leading: "B", choice: "B", variants });
    expect(undecided.trigger).toBe("Choose a version");
    expect(undecided.title).toBe("Send everyone to one version");
    expect(undecided.submit).toBe("Promote version B");
    expect(promoteWording({ decided: false, leading: null, choice: null, variants }).submit).toBe("Promote");
  });

  it("say before a verdict that nothing is proven and that choosing ends the test for good", () => {
    expect(promoteWording({ decided: false, leading: "C", choice: null, variants }).notProven).toBe(
      "Not proven yet: version C · Red button only leads so far. Choosing one now ends the test for good and freezes its results as they are.",
    );
    expect(promoteWording({ decided: false, leading: null, choice: null, variants }).notProven).toMatch(
      /^Not proven yet: no version leads\. Choosing one now ends the test for good/,
    );
    expect(promoteWording({ decided: true, leading: "B", choice: "B", variants }).notProven).toBeNull();
  });
});
