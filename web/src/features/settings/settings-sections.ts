import { INTEGRATION_CARD_MESSAGES } from "@/features/settings/integrations/messages";

/** Settings' sections, in the side navigation's order; each has its address, /settings/{path}. */
export const SETTINGS_SECTIONS = [
  { path: "account", title: "Account and security" },
  { path: "workspace", title: "Workspace" },
  { path: "members", title: "Members" },
  { path: "api-keys", title: "API keys" },
  { path: "webhooks", title: "Webhooks" },
  { path: "integrations", title: INTEGRATION_CARD_MESSAGES.section },
  { path: "activity", title: "Activity" },
] as const;

export type SettingsSectionPath = (typeof SETTINGS_SECTIONS)[number]["path"];

/** The card anchors of the one-page Settings before it had sections, and the section each is in now. */
const SECTION_OF_ANCHOR: Record<string, SettingsSectionPath> = {
  security: "account",
  "email-alerts": "account",
  "weekly-digest": "account",
  workspace: "workspace",
  "traffic-rules": "workspace",
  currency: "workspace",
  members: "members",
  webhooks: "webhooks",
  integrations: "integrations",
  stripe: "integrations",
  slack: "integrations",
  activity: "activity",
};

/**
 * Where an address of Settings without a section goes: an old link's anchor (`/settings#webhooks`) to
 * the section that holds that card, still at its anchor; anything else to the first section.
 */
export function settingsAddressOf(hash: string): string {
  const anchor = decodeURIComponent(hash.replace(/^#/, ""));
  const section = SECTION_OF_ANCHOR[anchor];
  return section ? `/settings/${section}#${anchor}` : `/settings/${SETTINGS_SECTIONS[0].path}`;
}
