import { MembersSection } from "@/features/settings/members/components/MembersSection";

/** Settings › Members: who belongs to the current workspace. One card a line. */
export function MembersSettings() {
  return <MembersSection />;
}
