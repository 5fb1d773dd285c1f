import type { ApiKey } from "@contract/api";
import { API_KEY_MESSAGES } from "@contract/messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { listApiKeys, listRevokedApiKeys } from "@/features/settings/api-keys/api/list-api-keys";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { dropFromList, useLoadedList } from "@/lib/use-loaded-list";

/** The user's API keys. */
export function useApiKeys() {
  const query = useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: ({ signal }) => listApiKeys(signal),
  });
  const { status, items, retry } = useLoadedList(query, API_KEY_MESSAGES.loadFailed);
  return { status, keys: items, retry };
}

/** The keys SplitLink revoked lately; none while loading or when the list failed. */
export function useRevokedApiKeys() {
  const query = useQuery({
    queryKey: [...queryKeys.apiKeys, "revoked"],
    queryFn: ({ signal }) => listRevokedApiKeys(signal),
  });
  return query.data ?? [];
}

/** After a revoke (or a 404: revoked already): off the list at once, then the list loads again. */
export function useKeyRevoked(): (key: ApiKey) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (key: ApiKey) => {
      dropFromList(queryClient, queryKeys.apiKeys, key);
      void refreshAfterChange(queryClient, [queryKeys.apiKeys]);
    },
    [queryClient],
  );
}
