import { DIGEST_SETTING_MESSAGES } from "@contract/sharing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CardLoadState } from "@/components/CardLoadState";
import { getWeeklyDigest, saveWeeklyDigest } from "@/features/settings/api/digest";
import { SettingsCard } from "@/features/settings/components/SettingsCard";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

const M = DIGEST_SETTING_MESSAGES;

function warnLoadFailed(error: Error) {
  console.warn("Could not load the weekly digest setting", error);
}

/** The weekly digest of the current workspace, on or off; saved as soon as it is chosen. */
export function WeeklyDigestSection() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.digest, queryFn: ({ signal }) => getWeeklyDigest(signal) });
  useQueryFailure(query, warnLoadFailed);
  const save = useMutation({
    mutationFn: saveWeeklyDigest,
    onMutate: async (on) => {
      // A load on its way would bring the old choice back.
      await client.cancelQueries({ queryKey: queryKeys.digest });
      const previous = client.getQueryData<boolean>(queryKeys.digest);
      client.setQueryData(queryKeys.digest, on);
      return previous;
    },
    onSuccess: (on) => {
      client.setQueryData(queryKeys.digest, on);
      toast.success(M.saved);
    },
    onError: (error, _on, previous) => {
      console.warn("Could not save the weekly digest setting", error);
      client.setQueryData(queryKeys.digest, previous);
      toast.error(serverMessage(error) ?? M.saveFailed);
    },
  });

  return (
    <SettingsCard id="weekly-digest" title={M.title} description={M.description}>
      {query.data === undefined ? (
        <CardLoadState
          failed={query.isError}
          failedMessage={M.loadFailed}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="weeklyDigest"
            checked={query.data}
            aria-busy={save.isPending}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="font-medium">{M.toggle}</span>
        </label>
      )}
    </SettingsCard>
  );
}
