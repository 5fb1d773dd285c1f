import { useQueryClient } from "@tanstack/react-query";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { WorkspaceNameForm } from "@/components/workspaces/WorkspaceNameForm";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { createWorkspace } from "@/lib/workspaces/api/create-workspace";
import { useWorkspace } from "@/lib/workspaces/use-workspace";
import { useWorkspaceNameChange } from "@/lib/workspaces/use-workspace-name-change";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

interface CreateWorkspaceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A name, then the new workspace becomes the current one. */
export function CreateWorkspaceDialog({ open, onOpenChange }: CreateWorkspaceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New workspace</DialogTitle>
          <DialogDescription>
            A workspace keeps its own tests, domains, API keys and webhooks. You own the ones you create.
          </DialogDescription>
        </DialogHeader>
        {open && <CreateWorkspaceForm onCreated={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateWorkspaceForm({ onCreated }: { onCreated: () => void }) {
  const queryClient = useQueryClient();
  const { switchTo } = useWorkspace();
  const change = useWorkspaceNameChange(
    (typed) => createWorkspace({ name: typed }),
    WORKSPACE_SCREEN_MESSAGES.createFailed,
    ({ workspace }) => {
      queryClient.setQueryData(queryKeys.workspaces, (list: { workspaces: unknown[] } | undefined) =>
        list ? { workspaces: [...list.workspaces, workspace] } : list,
      );
      void refreshAfterChange(queryClient, [queryKeys.workspaces]);
      toast.success(WORKSPACE_SCREEN_MESSAGES.created(workspace.name));
      onCreated();
      switchTo(workspace.id);
    },
  );

  return (
    <WorkspaceNameForm change={change} placeholder="e.g. Acme client" className="grid gap-5">
      <DialogFormFooter busy={change.busy} label="Create workspace" busyLabel="Creating..." />
    </WorkspaceNameForm>
  );
}
