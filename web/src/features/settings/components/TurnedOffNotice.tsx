import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { TURNED_OFF_MESSAGES as M } from "@/features/settings/turned-off-messages";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/**
 * A webhook endpoint or the Slack connection turned off when the member who set it up left or lost
 * the role (issue #45): says so, and an owner turns it back on with one click.
 */
export function TurnedOffNotice({
  message,
  turnOn,
  refresh,
}: {
  message: string;
  turnOn: () => Promise<unknown>;
  refresh: QueryKey;
}) {
  const { canManage } = useWorkspaceAbilities();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    if (busy) return;
    setBusy(true);
    try {
      await turnOn();
      toast.success(M.turnedOn);
      await queryClient.invalidateQueries({ queryKey: refresh });
    } catch (error) {
      toast.error(serverMessage(error) ?? M.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-500/40 bg-amber-50 p-3 text-sm dark:bg-amber-950/30"
    >
      <p className="min-w-0 flex-1">{message}</p>
      {canManage ? (
        <Button size="sm" variant="outline" onClick={handleClick} aria-disabled={busy}>
          <BusyLabel busy={busy} label={M.turnOn} busyLabel="Turning on..." />
        </Button>
      ) : (
        <p className="text-muted-foreground">{M.ownerOnly}</p>
      )}
    </div>
  );
}
