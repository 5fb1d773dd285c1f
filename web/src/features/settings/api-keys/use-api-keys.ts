import { API_KEY_MESSAGES } from "@contract/messages";
import { listApiKeys } from "@/features/settings/api-keys/api/list-api-keys";
import { useLoadedList } from "@/lib/use-loaded-list";

/** The user's API keys; a newer load cancels an older one. */
export function useApiKeys() {
  const { status, items, retry, add, drop } = useLoadedList(listApiKeys, API_KEY_MESSAGES.loadFailed);
  return { status, keys: items, retry, addKey: add, dropKey: drop };
}
