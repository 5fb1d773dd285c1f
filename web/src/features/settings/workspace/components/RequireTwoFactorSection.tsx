import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { SettingsCard } from "@/features/settings/components/SettingsCard";
import { updateWorkspace } from "@/features/settings/workspace/api/update-workspace";
import { RequestError } from "@/lib/api";
import { TWO_FACTOR_SCREEN_MESSAGES } from "@/lib/auth/two-factor-screen-messages";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspaces/use-workspace";

/**
 * A team workspace's owner requires two-factor sign-in of its members (issue #45): saved as it is
 * ticked. The server refuses an owner without it themselves; the reason shows next to the box.
 */
export function RequireTwoFactorSection() {
  const boxId = useId();
  const { workspace, canManage } = useWorkspace();
  const queryClient = useQueryClient();
  // The box shows the change at once; a refusal puts it back.
  const [pendingValue, setPendingValue] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<{ text: string; setUp: boolean } | null>(null);
  if (workspace.personal) return null;

  async function change(requireTwoFactor: boolean) {
    setPendingValue(requireTwoFactor);
    setProblem(null);
    try {
      await updateWorkspace(workspace.id, { requireTwoFactor });
      await refreshAfterChange(queryClient, [queryKeys.workspaces]);
      toast.success(TWO_FACTOR_SCREEN_MESSAGES.requireSaved(requireTwoFactor));
    } catch (error) {
      const setUp = error instanceof RequestError && error.code === "two_factor_required";
      setProblem({ text: serverMessage(error) ?? TWO_FACTOR_SCREEN_MESSAGES.requireFailed, setUp });
    } finally {
      setPendingValue(null);
    }
  }

  return (
    <SettingsCard
      id="two-factor"
      title={TWO_FACTOR_SCREEN_MESSAGES.requireTitle}
      description={
        workspace.requireTwoFactor
          ? TWO_FACTOR_SCREEN_MESSAGES.requireOn
          : TWO_FACTOR_SCREEN_MESSAGES.requireOff
      }
      contentClassName="grid gap-2"
    >
      {canManage ? (
        <>
          <div className="flex items-center gap-2">
            <input
              id={boxId}
              type="checkbox"
              className="size-4 accent-primary"
              checked={pendingValue ?? workspace.requireTwoFactor}
              disabled={pendingValue !== null}
              onChange={(event) => void change(event.target.checked)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${boxId}-problem` : undefined}
            />
            <label htmlFor={boxId} className="font-medium text-sm">
              {TWO_FACTOR_SCREEN_MESSAGES.requireLabel}
            </label>
            {pendingValue !== null && <Spinner />}
          </div>
          {problem && (
            <p id={`${boxId}-problem`} role="alert" className="text-destructive text-sm">
              {problem.text}{" "}
              {problem.setUp && (
                <Link to="/settings/account#security" className="underline">
                  {TWO_FACTOR_SCREEN_MESSAGES.setItUp}
                </Link>
              )}
            </p>
          )}
        </>
      ) : (
        <p className="text-muted-foreground text-sm">{TWO_FACTOR_SCREEN_MESSAGES.requireOwnerOnly}</p>
      )}
    </SettingsCard>
  );
}
