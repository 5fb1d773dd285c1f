import type { HistoryEvent } from "@contract/api";
import { HISTORY_ACTIONS } from "@contract/api/history";
import { HISTORY_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { actorOf, detailsOf, sentenceOf } from "@/lib/history/describe-event";

const event = (action: HistoryEvent["action"], details: Record<string, unknown> = {}) => ({
  action,
  details,
});

describe("a history event in words", () => {
  it("names who made it: the user's email, the API key's name, or the autopilot", () => {
    expect(sentenceOf({ actor: { type: "user", email: "ana@example.com" }, action: "test.paused" })).toBe(
      "ana@example.com paused the test",
    );
    expect(sentenceOf({ actor: { type: "api_key", name: "CI" }, action: "test.variants_changed" })).toBe(
      "API key ‘CI’ changed the variants",
    );
    expect(sentenceOf({ actor: { type: "autopilot" }, action: "test.weights_moved" })).toBe(
      "Autopilot moved the weights",
    );
    expect(actorOf({ type: "user" })).toBe("Someone");
  });

  it("has words for every action", () => {
    for (const action of HISTORY_ACTIONS) expect(HISTORY_MESSAGES.actions[action]).toMatch(/^[a-z]/);
  });

  it("names a test's new tags and a tag's new colour (issue #49)", () => {
    expect(detailsOf(event("test.tags_changed", { tags: ["email", "spring"] }))).toBe("email, spring");
    expect(detailsOf(event("test.tags_changed", { tags: [] }))).toBe("—");
    expect(detailsOf(event("tag.colour_changed", { tag: "spring", colour: "green" }))).toBe("spring · green");
  });

  it("says what changed in the variants: URLs, names, variants added, new weights and phase", () => {
    expect(
      detailsOf(
        event("test.variants_changed", {
          before: [
            { url: "https://a.example", weight: 50 },
            { url: "https://b.example", weight: 50 },
          ],
          after: [
            { url: "https://a.example", weight: 50 },
            { url: "https://b2.example", weight: 50, name: "Red" },
          ],
          phase: 2,
        }),
      ),
    ).toBe("URL B: https://b2.example · B named Red · phase 2 started");
    expect(
      detailsOf(
        event("test.variants_changed", {
          before: [
            { url: "https://a.example", weight: 50 },
            { url: "https://b.example", weight: 50 },
          ],
          after: [
            { url: "https://a.example", weight: 34 },
            { url: "https://b.example", weight: 33 },
            { url: "https://c.example", weight: 33 },
          ],
        }),
      ),
    ).toBe("new C: https://c.example · A 34 % · B 33 % · C 33 %");
  });

  it("gives the weights as the autopilot moved them", () => {
    expect(detailsOf(event("test.weights_moved", { before: [50, 50], after: [30, 70] }))).toBe(
      "A 30 % · B 70 %",
    );
  });

  it("reads the end settings, the goal and an end", () => {
    expect(
      detailsOf(
        event("test.end_settings_changed", {
          endsAt: null,
          endAfterVisitors: 5000,
          onEnd: "promote",
          stopEarly: true,
        }),
      ),
    ).toBe("after 5,000 visitors · then promotes the winner · stops early at a clear winner");
    expect(detailsOf(event("test.end_settings_changed", { endsAt: null, endAfterVisitors: null }))).toBe(
      "no end set",
    );
    expect(
      detailsOf(
        event("test.goal_changed", { conversionGoal: "page", conversionUrl: "https://shop.example/thanks" }),
      ),
    ).toBe("A visit of https://shop.example/thanks");
    expect(detailsOf(event("test.ended", { reason: "winner", result: "promoted", winner: "B" }))).toBe(
      "A clear winner · promoted B",
    );
  });

  it("says a link's password was set or removed, never what it is", () => {
    expect(detailsOf(event("test.password_changed", { passwordProtected: true }))).toBe("Password set");
    expect(detailsOf(event("test.password_changed", { passwordProtected: false }))).toBe("Password removed");
  });

  it("names the domain, key and endpoint, and leaves out what it does not understand", () => {
    expect(detailsOf(event("api_key.revoked", { name: "Zapier" }))).toBe("‘Zapier’");
    expect(detailsOf(event("domain.fallback_changed", { domain: "go.example.com", fallbackUrl: null }))).toBe(
      "go.example.com · no fallback",
    );
    expect(detailsOf(event("test.variants_changed", { before: "nonsense" }))).toBe("");
    expect(detailsOf(event("test.paused"))).toBe("");
  });
});
