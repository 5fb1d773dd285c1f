import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteWorkspaceDialog } from "@/features/settings/workspace/components/DeleteWorkspaceDialog";
import { RenameWorkspaceForm } from "@/features/settings/workspace/components/RenameWorkspaceForm";
import { roleLabel } from "@/lib/workspaces/current-workspace";
import { useWorkspace } from "@/lib/workspaces/use-workspace";

/** The current workspace: its name and the user's role; for an owner, rename and delete. */
export function WorkspaceSection() {
  const headingId = useId();
  const { workspace, canManage } = useWorkspace();
  return (
    <section aria-labelledby={headingId} id="workspace" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            Workspace
          </CardTitle>
          <CardDescription>
            You are working in <span className="font-medium text-foreground">{workspace.name}</span> as{" "}
            {roleLabel(workspace.role).toLowerCase()}. Its API keys, webhooks and alerts are below; switch
            workspaces from the header.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {canManage ? (
            // The form starts afresh with the workspace's name when it changes (a switch, a rename).
            <RenameWorkspaceForm key={`${workspace.id}:${workspace.name}`} workspace={workspace} />
          ) : (
            <p className="text-muted-foreground text-sm">
              Only an owner can rename or delete this workspace.
            </p>
          )}
          {canManage &&
            (workspace.personal ? (
              <p className="text-muted-foreground text-sm">
                Your personal workspace stays as long as your account. Deleting your account deletes it.
              </p>
            ) : (
              <DeleteWorkspaceDialog workspace={workspace} />
            ))}
        </CardContent>
      </Card>
    </section>
  );
}
