import { describe, expect, it } from "vitest";
import { SETTINGS_SECTIONS, settingsAddressOf } from "@/features/settings/settings-sections";

describe("Settings' addresses", () => {
  it("opens the first section, Account and security, for /settings with no anchor or an unknown one", () => {
    expect(SETTINGS_SECTIONS.map((section) => section.title)).toEqual([
      "Account and security",
      "Workspace",
      "Members",
      "API keys",
      "Webhooks",
      "Integrations",
      "Activity",
    ]);
    expect(settingsAddressOf("")).toBe("/settings/account");
    expect(settingsAddressOf("#no-such-card")).toBe("/settings/account");
  });

  it("sends an old one-page link's anchor to the section that holds the card, at the card", () => {
    expect(settingsAddressOf("#security")).toBe("/settings/account#security");
    expect(settingsAddressOf("#email-alerts")).toBe("/settings/account#email-alerts");
    expect(settingsAddressOf("#weekly-digest")).toBe("/settings/account#weekly-digest");
    expect(settingsAddressOf("#workspace")).toBe("/settings/workspace#workspace");
    expect(settingsAddressOf("#members")).toBe("/settings/members#members");
    expect(settingsAddressOf("#webhooks")).toBe("/settings/webhooks#webhooks");
    expect(settingsAddressOf("#activity")).toBe("/settings/activity#activity");
  });
});
