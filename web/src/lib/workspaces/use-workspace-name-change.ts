import type { WorkspaceResponse } from "@contract/api";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { serverMessage } from "@/lib/server-message";
import { workspaceNameProblem } from "@/lib/workspaces/current-workspace";

/**
 * A form that sends a workspace's name (create, rename): the problem shown next to the field, the
 * name checked here first, then the API's own refusal.
 */
export function useWorkspaceNameChange(
  send: (name: string) => Promise<WorkspaceResponse>,
  failedMessage: string,
  onDone: (answer: WorkspaceResponse) => void,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: send });
  const busy = mutation.isPending;

  async function submit(name: string): Promise<boolean> {
    if (busy) return false;
    const local = workspaceNameProblem(name);
    setProblem(local);
    if (local) return false;
    try {
      onDone(await mutation.mutateAsync(name.trim()));
      return true;
    } catch (error) {
      console.warn("Could not save the workspace's name", error);
      setProblem(serverMessage(error) ?? failedMessage);
      return false;
    }
  }

  return { busy, problem, submit, clearProblem: () => setProblem(null) };
}
