import type { Workspace } from "@contract/api";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { WorkspaceNameForm } from "@/components/workspaces/WorkspaceNameForm";
import { useRenameWorkspace } from "@/features/settings/workspace/use-rename-workspace";

/** The owner's name field for the workspace. */
export function RenameWorkspaceForm({ workspace }: { workspace: Workspace }) {
  const change = useRenameWorkspace(workspace);
  return (
    <WorkspaceNameForm change={change} initialName={workspace.name} className="grid gap-3 sm:max-w-sm">
      <Button type="submit" variant="outline" className="justify-self-start" aria-disabled={change.busy}>
        <BusyLabel busy={change.busy} label="Rename" busyLabel="Renaming..." />
      </Button>
    </WorkspaceNameForm>
  );
}
