import { SHARE_DIALOG_MESSAGES } from "@contract/sharing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createShareLink, getShareLink, revokeShareLink } from "@/features/test-detail/share/api/share-link";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the report link", error);
}

/**
 * The test's report link while the share dialog is open, and making or revoking it: what the API
 * answered goes straight into the cache.
 */
export function useShareLink(slug: string, open: boolean) {
  const client = useQueryClient();
  const key = queryKeys.tests.share(slug);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getShareLink(slug, signal),
    enabled: open,
  });
  useQueryFailure(query, warnLoadFailed);
  const create = useMutation({
    mutationFn: () => createShareLink(slug),
    onSuccess: (url) => {
      client.setQueryData(key, url);
      toast.success(SHARE_DIALOG_MESSAGES.created);
    },
    onError: (error) => {
      console.warn("Could not create the report link", error);
      toast.error(serverMessage(error) ?? SHARE_DIALOG_MESSAGES.createFailed);
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeShareLink(slug),
    onSuccess: () => {
      client.setQueryData(key, null);
      toast.success(SHARE_DIALOG_MESSAGES.revoked);
    },
    onError: (error) => {
      console.warn("Could not revoke the report link", error);
      toast.error(serverMessage(error) ?? SHARE_DIALOG_MESSAGES.revokeFailed);
    },
  });
  return { query, create, revoke, busy: create.isPending || revoke.isPending };
}
