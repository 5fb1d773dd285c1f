import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  connectStripe,
  disconnectStripe,
  getStripeStatus,
} from "@/features/settings/integrations/api/stripe";
import { refreshAfterChange, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the Stripe connection", error);
}

/** The Stripe card's server state: the connection, and connecting and disconnecting it. */
export function useStripe() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: queryKeys.integrations.stripe,
    queryFn: ({ signal }) => getStripeStatus(signal),
  });
  useQueryFailure(status, warnLoadFailed);
  const refresh = () => refreshAfterChange(client, [queryKeys.integrations.all, queryKeys.workspaceHistory]);
  const connect = useMutation({ mutationFn: connectStripe, onSuccess: refresh });
  const disconnect = useMutation({ mutationFn: disconnectStripe, onSuccess: refresh });
  return { status, connect, disconnect };
}
