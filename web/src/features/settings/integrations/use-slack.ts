import type { SlackConnection } from "@contract/api";
import { SLACK_MESSAGES } from "@contract/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  connectSlack,
  disconnectSlack,
  getSlack,
  sendSlackTest,
} from "@/features/settings/integrations/api/slack";
import { RequestError } from "@/lib/api";
import { refreshAfterChange, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the Slack connection", error);
}

/**
 * The Slack card's server state: the connection, and connecting (the refusal kept for the field),
 * the test message (its outcome kept in words) and disconnecting, each answer put in the cache at once.
 */
export function useSlack() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.integrations.slack,
    queryFn: ({ signal }) => getSlack(signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const settle = (connection: SlackConnection) => {
    client.setQueryData(queryKeys.integrations.slack, connection);
    void refreshAfterChange(client, [queryKeys.integrations.all, queryKeys.workspaceHistory]);
  };

  const [problem, setProblem] = useState<string | null>(null);
  const connect = useMutation({ mutationFn: connectSlack, onSuccess: settle });
  async function save(webhookUrl: string): Promise<boolean> {
    if (connect.isPending) return false;
    try {
      await connect.mutateAsync(webhookUrl.trim());
      setProblem(null);
      toast.success(SLACK_MESSAGES.connected);
      return true;
    } catch (error) {
      console.warn("Could not connect Slack", error);
      setProblem(serverMessage(error) ?? SLACK_MESSAGES.connectFailed);
      return false;
    }
  }

  const [testOutcome, setTestOutcome] = useState<string | null>(null);
  const test = useMutation({ mutationFn: sendSlackTest, onSuccess: (result) => settle(result.slack) });
  async function sendTest(): Promise<void> {
    if (test.isPending) return;
    try {
      const result = await test.mutateAsync();
      const message = result.delivered
        ? SLACK_MESSAGES.testDelivered
        : SLACK_MESSAGES.testFailed(result.error ?? "");
      setTestOutcome(message);
      if (result.delivered) toast.success(message);
      else toast.error(message);
    } catch (error) {
      console.warn("Could not send the Slack test message", error);
      const message =
        error instanceof RequestError && error.status === 429
          ? SLACK_MESSAGES.testRateLimited
          : (serverMessage(error) ?? SLACK_MESSAGES.testFailed(SLACK_MESSAGES.connectFailed));
      setTestOutcome(message);
      toast.error(message);
    }
  }

  const disconnect = useMutation({ mutationFn: disconnectSlack });
  async function remove(): Promise<void> {
    if (disconnect.isPending) return;
    try {
      await disconnect.mutateAsync();
    } catch (error) {
      // A 404: disconnected already, as wanted.
      if (!(error instanceof RequestError && error.status === 404)) {
        console.warn("Could not disconnect Slack", error);
        toast.error(SLACK_MESSAGES.disconnectFailed);
        return;
      }
    }
    setTestOutcome(null);
    toast.success(SLACK_MESSAGES.disconnected);
    // The listing's key is the prefix of the card's: the card loads the connection again as the server has it.
    await refreshAfterChange(client, [queryKeys.integrations.all, queryKeys.workspaceHistory]);
  }

  return {
    query,
    connecting: connect.isPending,
    problem,
    clearProblem: () => setProblem(null),
    save,
    testing: test.isPending,
    testOutcome,
    sendTest,
    disconnecting: disconnect.isPending,
    remove,
  };
}
