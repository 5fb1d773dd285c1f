import { ActivityLogSection } from "@/features/settings/history/components/ActivityLogSection";

/** Settings › Activity: the current workspace's activity log. One card a line. */
export function ActivitySettings() {
  return <ActivityLogSection />;
}
