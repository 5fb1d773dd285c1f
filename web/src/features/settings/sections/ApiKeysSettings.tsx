import { ApiKeysSection } from "@/features/settings/api-keys/components/ApiKeysSection";

/** Settings › API keys: the current workspace's API keys. One card a line. */
export function ApiKeysSettings() {
  return <ApiKeysSection />;
}
