import { DIGEST_SETTING_MESSAGES } from "@contract/sharing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { getWeeklyDigest, saveWeeklyDigest } from "@/features/settings/api/digest";
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
  const headingId = useId();
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
    <section aria-labelledby={headingId} id="weekly-digest" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            {M.title}
          </CardTitle>
          <CardDescription>{M.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {query.data === undefined && query.isError && (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {M.loadFailed}
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </p>
          )}
          {query.data === undefined && !query.isError && (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner size="sm" /> Loading…
            </p>
          )}
          {query.data !== undefined && (
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
        </CardContent>
      </Card>
    </section>
  );
}
